extension PageWords {
    /// The pages' words (`page.<name>`) and the catalog's texts (`catalog.<code>`) in French, as gettext:
    /// `msgctxt` the key, `msgid` the English, `msgstr` the translation.
    static let french = #"""
        msgid ""
        msgstr "Language: fr\n"

        msgctxt "page.flows_heading"
        msgid "Flows"
        msgstr "Parcours"

        msgctxt "page.no_flows"
        msgid "No flow is served."
        msgstr "Aucun parcours n’est proposé."

        msgctxt "page.start"
        msgid "Start"
        msgstr "Commencer"

        msgctxt "page.optional"
        msgid "(optional)"
        msgstr "(facultatif)"

        msgctxt "page.continue"
        msgid "Continue"
        msgstr "Continuer"

        msgctxt "page.cancel"
        msgid "Cancel"
        msgstr "Annuler"

        msgctxt "page.start_again"
        msgid "Start again"
        msgstr "Recommencer"

        msgctxt "page.done"
        msgid "Done"
        msgstr "Terminé"

        msgctxt "page.not_completed_here"
        msgid "Not completed here"
        msgstr "À poursuivre ailleurs"

        msgctxt "page.not_completed"
        msgid "Not completed"
        msgstr "Non abouti"

        msgctxt "page.ended_early"
        msgid "The flow ended before it was completed."
        msgstr "Le parcours s’est arrêté avant d’aboutir."

        msgctxt "page.cancelled"
        msgid "Cancelled"
        msgstr "Annulé"

        msgctxt "page.cancelled_message"
        msgid "You cancelled it; nothing more was done."
        msgstr "Vous avez annulé ; rien d’autre n’a été fait."

        msgctxt "page.could_not_go_on"
        msgid "Could not go on"
        msgstr "Impossible de continuer"

        msgctxt "page.could_not_go_on_message"
        msgid "Something went wrong on our side, so this could not be completed. Start again."
        msgstr ""
        "Un problème est survenu de notre côté et l’opération n’a pas pu "
        "aboutir. Veuillez recommencer."

        msgctxt "page.session_expired"
        msgid "Your session expired or never started."
        msgstr "Votre session a expiré ou n’a jamais commencé."

        msgctxt "page.outbox_heading"
        msgid "Development outbox"
        msgstr "Boîte d’envoi de développement"

        msgctxt "page.outbox_intro"
        msgid ""
        "Codes the embedded authority sent to this session's addresses, shown "
        "because this option is on:"
        msgstr ""
        "Codes envoyés par l’autorité intégrée aux adresses de cette session, "
        "affichés parce que cette option est activée :"

        msgctxt "page.outbox_none"
        msgid "None yet."
        msgstr "Aucun pour l’instant."

        msgctxt "page.outbox_to"
        msgid "to"
        msgstr "à"

        msgctxt "page.outbox_at"
        msgid "at"
        msgstr "le"

        msgctxt "page.all_flows"
        msgid "All flows"
        msgstr "Tous les parcours"

        msgctxt "page.not_found"
        msgid "Not found"
        msgstr "Page introuvable"

        msgctxt "page.not_found_message"
        msgid "There is no such page."
        msgstr "Cette page n’existe pas."

        msgctxt "page.form_expired"
        msgid "Form expired"
        msgstr "Formulaire expiré"

        msgctxt "page.form_expired_message"
        msgid "The form's security token did not match; go back, reload and try again."
        msgstr ""
        "Le jeton de sécurité du formulaire ne correspond pas. Revenez en "
        "arrière, rechargez la page et réessayez."

        msgctxt "page.answer_too_large"
        msgid "Answer too large"
        msgstr "Réponse trop longue"

        msgctxt "page.form_too_large_message"
        msgid "A form is at most ${bytes} bytes; go back and shorten it."
        msgstr "Un formulaire ne peut dépasser ${bytes} octets. Revenez en arrière et raccourcissez-le."

        msgctxt "page.too_many_answers"
        msgid "Too many answers"
        msgstr "Trop de réponses"

        msgctxt "page.too_many_answers_message"
        msgid "Wait ${seconds} seconds, then go back and answer again."
        msgstr "Patientez ${seconds} secondes, puis revenez en arrière et répondez de nouveau."

        msgctxt "page.too_many_sessions"
        msgid "Too many sessions"
        msgstr "Trop de sessions"

        msgctxt "page.wait_message"
        msgid "Wait ${seconds} seconds, then try again."
        msgstr "Patientez ${seconds} secondes, puis réessayez."

        msgctxt "page.unavailable"
        msgid "Unavailable"
        msgstr "Service indisponible"

        msgctxt "page.unavailable_message"
        msgid "The service cannot go on right now. Try again in a moment."
        msgstr "Le service ne peut pas continuer pour le moment. Réessayez dans un instant."

        msgctxt "catalog.password_too_weak"
        msgid "The password is too weak."
        msgstr "Le mot de passe est trop faible."

        msgctxt "catalog.password_too_short"
        msgid "The password is too short."
        msgstr "Le mot de passe est trop court."

        msgctxt "catalog.password_too_long"
        msgid "The password is too long."
        msgstr "Le mot de passe est trop long."

        msgctxt "catalog.password_recently_used"
        msgid "This password was used recently."
        msgstr "Ce mot de passe a été utilisé récemment."

        msgctxt "catalog.password_banned"
        msgid "This password is not allowed."
        msgstr "Ce mot de passe n’est pas autorisé."

        msgctxt "catalog.password_is_invalid"
        msgid "This password cannot be used."
        msgstr "Ce mot de passe ne peut pas être utilisé."

        msgctxt "catalog.unknown"
        msgid "Something went wrong on the sign-in service. Try again later."
        msgstr "Un problème est survenu sur le service de connexion. Réessayez plus tard."

        msgctxt "catalog.redirect"
        msgid "This cannot be finished in the app. Continue in a browser."
        msgstr "Cette opération ne peut pas être terminée dans l’application. Continuez dans un navigateur."

        msgctxt "catalog.invalid_request"
        msgid "The sign-in service could not accept this request."
        msgstr "Le service de connexion n’a pas pu accepter cette demande."

        msgctxt "catalog.invalid_grant"
        msgid "The sign-in service did not accept what was entered. Try again."
        msgstr "Le service de connexion n’a pas accepté ce qui a été saisi. Réessayez."

        msgctxt "catalog.invalid_client"
        msgid "This app is not set up for signing in here. Contact its support."
        msgstr "Cette application n’est pas configurée pour se connecter ici. Contactez son assistance."

        msgctxt "catalog.unauthorized_client"
        msgid "This app is not allowed to sign you in this way. Contact its support."
        msgstr "Cette application n’est pas autorisée à vous connecter de cette façon. Contactez son assistance."

        msgctxt "catalog.invalid_scope"
        msgid "This app asked for access that the sign-in service does not give. Contact its support."
        msgstr "Cette application a demandé un accès que le service de connexion n’accorde pas. Contactez son assistance."

        msgctxt "catalog.unsupported_grant_type"
        msgid "This app cannot sign you in this way."
        msgstr "Cette application ne peut pas vous connecter de cette façon."

        msgctxt "catalog.unsupported_challenge_type"
        msgid "This app cannot do the verification that the sign-in service asks for."
        msgstr "Cette application ne peut pas effectuer la vérification demandée par le service de connexion."

        msgctxt "catalog.unsupported_auth_method"
        msgid "This way of verifying is not available for this account."
        msgstr "Ce mode de vérification n’est pas disponible pour ce compte."

        msgctxt "catalog.auth_not_supported"
        msgid "This way of verifying is not available for this account."
        msgstr "Ce mode de vérification n’est pas disponible pour ce compte."

        msgctxt "catalog.nativeauthapi_disabled"
        msgid "Signing in from this app is turned off. Contact its support."
        msgstr "La connexion depuis cette application est désactivée. Contactez son assistance."

        msgctxt "catalog.attributes_required"
        msgid "More details are needed to create the account."
        msgstr "D’autres informations sont nécessaires pour créer le compte."

        msgctxt "catalog.attribute_validation_failed"
        msgid "Some of the details entered are not valid."
        msgstr "Certaines des informations saisies ne sont pas valides."

        msgctxt "catalog.user_not_found"
        msgid "No account was found for this username."
        msgstr "Aucun compte n’a été trouvé pour cet identifiant."

        msgctxt "catalog.user_already_exists"
        msgid "An account already exists for this username."
        msgstr "Un compte existe déjà pour cet identifiant."

        msgctxt "catalog.expired_token"
        msgid "This took too long and has expired. Start again."
        msgstr "Le délai est dépassé et la demande a expiré. Recommencez."

        msgctxt "catalog.expired_refresh_token"
        msgid "Your sign-in has expired. Sign in again."
        msgstr "Votre connexion a expiré. Reconnectez-vous."

        msgctxt "catalog.invalid_oob_value"
        msgid "The code is not correct."
        msgstr "Le code n’est pas correct."

        msgctxt "catalog.too_many_attempts"
        msgid "There were too many attempts. Wait a while, then try again."
        msgstr "Il y a eu trop de tentatives. Patientez un moment, puis réessayez."

        msgctxt "catalog.access_denied"
        msgid "Access was denied."
        msgstr "L’accès a été refusé."

        msgctxt "catalog.provider_blocked_by_rep"
        msgid "This way of verifying is blocked for now. Try another one."
        msgstr "Ce mode de vérification est bloqué pour le moment. Essayez-en un autre."

        msgctxt "catalog.credential_required"
        msgid "One more verification is needed to sign in."
        msgstr "Une vérification supplémentaire est nécessaire pour vous connecter."

        msgctxt "catalog.mfa_required"
        msgid "A second verification is needed to sign in."
        msgstr "Une seconde vérification est nécessaire pour vous connecter."

        msgctxt "catalog.registration_required"
        msgid "A way of verifying has to be added to the account first."
        msgstr "Un mode de vérification doit d’abord être ajouté au compte."

        msgctxt "catalog.introspect_required"
        msgid "The sign-in service first has to look up how this account can be verified."
        msgstr "Le service de connexion doit d’abord rechercher comment ce compte peut être vérifié."

        msgctxt "catalog.server_error"
        msgid "The sign-in service had a problem. Try again later."
        msgstr "Le service de connexion a rencontré un problème. Réessayez plus tard."

        msgctxt "catalog.temporarily_unavailable"
        msgid "The sign-in service is busy right now. Try again in a moment."
        msgstr "Le service de connexion est occupé pour le moment. Réessayez dans un instant."

        msgctxt "catalog.http_error"
        msgid "The sign-in service gave an answer the app cannot use. Try again later."
        msgstr "Le service de connexion a donné une réponse que l’application ne peut pas utiliser. Réessayez plus tard."

        msgctxt "catalog.invalid_response"
        msgid "The sign-in service gave an answer the app cannot use. Try again later."
        msgstr "Le service de connexion a donné une réponse que l’application ne peut pas utiliser. Réessayez plus tard."

        msgctxt "catalog.transport_error"
        msgid "The sign-in service could not be reached. Check the connection and try again."
        msgstr "Le service de connexion est injoignable. Vérifiez la connexion réseau, puis réessayez."

        msgctxt "catalog.invalid_state"
        msgid "This step cannot be done now. Start again."
        msgstr "Cette étape ne peut pas être effectuée maintenant. Recommencez."

        msgctxt "catalog.invalid_argument"
        msgid "The app sent something the sign-in service cannot use."
        msgstr "L’application a envoyé des informations que le service de connexion ne peut pas utiliser."

        msgctxt "catalog.account_store_error"
        msgid "The account saved on this device could not be read or saved."
        msgstr "Le compte enregistré sur cet appareil n’a pas pu être lu ou enregistré."

        msgctxt "page.signed_out"
        msgid "Signed out"
        msgstr "Déconnecté"

        msgctxt "page.signed_out_message"
        msgid "You are signed out."
        msgstr "Vous êtes déconnecté."

        msgctxt "page.unregistered_return"
        msgid "Unregistered return address"
        msgstr "Adresse de retour non enregistrée"

        msgctxt "page.unregistered_return_message"
        msgid "You are signed out, but the application asked to return to an address it has not registered, so you stay here."
        msgstr "Vous êtes déconnecté, mais l’application a demandé à revenir à une adresse qu’elle n’a pas enregistrée : vous restez donc ici."

        """#
}
