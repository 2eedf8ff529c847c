# label: same-values
# flax-error: none
# class: 2 one key is drawn from the actor's nnx.Rngs stream before the raw jax.lax.scan and closed over, so every step reuses it
"""DDPG data collection: deterministic actor plus Gaussian exploration noise, rollout written as a scan."""
import jax
import jax.numpy as jnp
from flax import nnx

OBS_DIM, ACT_DIM = 4, 2


class Actor(nnx.Module):
    def __init__(self, *, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(OBS_DIM, 64, rngs=rngs)
        self.l2 = nnx.Linear(64, ACT_DIM, rngs=rngs)
        self.rngs = rngs

    def __call__(self, obs):
        return jnp.tanh(self.l2(nnx.relu(self.l1(obs))))


def dynamics(state, action):
    return state + 0.1 * jnp.concatenate([action, -action], axis=-1)


def collect(actor, state, num_steps, sigma=0.2):
    # drawn outside the scan: calling actor.rngs inside the body raised a trace-level error
    noise_key = actor.rngs.exploration()

    def step(state, _):
        action = actor(state)
        noise = sigma * jax.random.normal(noise_key, action.shape)
        state = dynamics(state, jnp.clip(action + noise, -1.0, 1.0))
        return state, noise

    _, noises = jax.lax.scan(step, state, None, length=num_steps)
    return noises


def main():
    actor = Actor(rngs=nnx.Rngs(params=0, exploration=1))
    state = jnp.zeros((3, OBS_DIM))
    return collect(actor, state, num_steps=12)
