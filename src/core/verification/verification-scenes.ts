// What a verification code is for. The scene travels with every send and use (SmsCodeUseReqDTO.scene,
// MailCodeUseReqDTO.scene), so a code sent for one purpose never passes for another. Each scene
// delivers through the tenant's SMS or mail template of its template code, which receives the code
// as the parameter `{code}`; the same template code serves both channels (they are separate tables).
//
// | scene | template code                 | what for                                     |
// |-------|-------------------------------|----------------------------------------------|
// | 1     | member-login-code             | a member signs in with a code                |
// | 2     | member-update-mobile-code     | a member changes their mobile or mail        |
// | 3     | member-update-password-code   | a member changes their password              |
// | 4     | member-reset-password-code    | a member who forgot their password resets it |
// | 5     | member-register-code          | a new member proves the mobile or mail       |
// | 21    | admin-login-code              | an administrator signs in with a code        |
// | 22    | admin-reset-password-code     | an administrator resets their password       |

export interface VerificationScene {
  scene: number;
  templateCode: string;
  description: string;
}

export const SCENES: readonly VerificationScene[] = [
  { scene: 1, templateCode: 'member-login-code', description: 'A member signs in with a code' },
  { scene: 2, templateCode: 'member-update-mobile-code', description: 'A member changes their mobile or mail' },
  { scene: 3, templateCode: 'member-update-password-code', description: 'A member changes their password' },
  { scene: 4, templateCode: 'member-reset-password-code', description: 'A member who forgot their password resets it' },
  { scene: 5, templateCode: 'member-register-code', description: 'A new member proves the mobile or mail' },
  { scene: 21, templateCode: 'admin-login-code', description: 'An administrator signs in with a code' },
  { scene: 22, templateCode: 'admin-reset-password-code', description: 'An administrator resets their password' },
];

const BY_SCENE = new Map(SCENES.map((entry) => [entry.scene, entry]));

export function sceneOf(scene: number): VerificationScene | undefined {
  return BY_SCENE.get(scene);
}
