/** Router state /reset-password leaves for the sign-in page: "your password has been reset". */
export const PASSWORD_RESET_NOTICE = 'passwordReset';
