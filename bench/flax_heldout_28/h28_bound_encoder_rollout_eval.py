# label: ok
# flax-error: none
# class: 3 encoder bound with model.bind(variables) in eval mode; the fori_loop rollout body calls the bound encode method, which only reads batch_stats
import jax
import jax.numpy as jnp
from flax import linen as nn

OBS, LATENT, ACT = 5, 4, 2


class WorldModel(nn.Module):
    train: bool = True

    def setup(self):
        self.enc = nn.Dense(LATENT)
        self.norm = nn.BatchNorm(use_running_average=not self.train, momentum=0.9)
        self.dyn = nn.Dense(OBS)

    def encode(self, obs):
        return jnp.tanh(self.norm(self.enc(obs)))

    def __call__(self, obs, action):
        z = self.encode(obs)
        return obs + 0.1 * self.dyn(jnp.concatenate([z, action], axis=-1))


def imagine(bound, obs0, actions):
    def body(t, obs):
        return bound(obs, actions[t])

    return jax.lax.fori_loop(0, actions.shape[0], body, obs0)


def main():
    model = WorldModel()
    obs0 = jax.random.normal(jax.random.key(0), (8, OBS))
    actions = jax.random.normal(jax.random.key(1), (5, 8, ACT))
    variables = model.init(jax.random.key(2), obs0, actions[0])
    bound = model.clone(train=False).bind(variables)

    final_obs = imagine(bound, obs0, actions)
    latents = bound.encode(final_obs)
    print("latent norm", jnp.linalg.norm(latents))
    return None
