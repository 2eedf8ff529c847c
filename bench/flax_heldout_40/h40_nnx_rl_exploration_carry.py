# label: ok
# flax-error: none
# class: 4 collect(actor, state, key, ...) defines a scan body closing over the NNX actor; the exploration key from nnx.Rngs rides in the scan carry and is split on every step
"""Experience collection for DDPG/TD3 on a batch of 2-link reacher environments with
Gaussian exploration noise on the actor's actions."""
import jax
import jax.numpy as jnp
from flax import nnx

OBS_DIM, ACT_DIM = 6, 2


def reacher_step(state, action, dt=0.05):
    q, qd, goal = state
    qd = qd + dt * (action - 0.1 * qd)
    q = q + dt * qd
    return (q, qd, goal)


def observe(state):
    q, qd, goal = state
    return jnp.concatenate([jnp.sin(q), qd, goal], -1)


class Actor(nnx.Module):
    def __init__(self, *, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(OBS_DIM, 64, rngs=rngs)
        self.l2 = nnx.Linear(64, ACT_DIM, rngs=rngs)

    def __call__(self, obs):
        return jnp.tanh(self.l2(nnx.relu(self.l1(obs))))


def collect(actor, state, key, horizon, sigma=0.2):
    def step(carry, _):
        state, key = carry
        obs = observe(state)
        key, noise_key = jax.random.split(key)
        noise = sigma * jax.random.normal(noise_key, (obs.shape[0], ACT_DIM))
        action = jnp.clip(actor(obs) + noise, -1.0, 1.0)
        return (reacher_step(state, action), key), noise

    _, noises = jax.lax.scan(step, (state, key), None, length=horizon)
    return noises


def main():
    n_envs = 4
    rngs = nnx.Rngs(params=0, explore=1)
    actor = Actor(rngs=rngs)
    state = (jnp.zeros((n_envs, 2)), jnp.zeros((n_envs, 2)), jnp.ones((n_envs, 2)))
    return collect(actor, state, rngs.explore(), horizon=16)
