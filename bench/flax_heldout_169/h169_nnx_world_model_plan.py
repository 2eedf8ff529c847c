# label: same-values
# flax-error: none
# class: 4 the while_loop body reads planner.world_model.noise_key, a key stored once on the NNX world model, for the latent noise
"""Stochastic imagined rollouts of an NNX latent world model for planning, in lax.while_loop.

Shape of the reports: to avoid the RngCount trace error the world model draws one key in
`__init__` and keeps it in a Variable; the imagination loop reads that key at every step,
so the "stochastic" latent transitions all get the same noise.
"""
import jax
import jax.numpy as jnp
from flax import nnx


class WorldModel(nnx.Module):
    def __init__(self, latent, action_dim, rngs: nnx.Rngs):
        self.dynamics = nnx.Linear(latent + action_dim, latent, rngs=rngs)
        self.reward = nnx.Linear(latent, 1, rngs=rngs)
        self.noise_key = nnx.Variable(rngs.noise())
        self.sigma = 0.1

    def __call__(self, z, a):
        return nnx.tanh(self.dynamics(jnp.concatenate([z, a], axis=-1)))


class Planner(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.world_model = WorldModel(6, 2, rngs=rngs)
        self.encoder = nnx.Linear(5, 6, rngs=rngs)


def imagine(planner, obs, actions):
    horizon = actions.shape[0]
    z0 = planner.encoder(obs)
    eps_log = jnp.zeros((horizon,) + z0.shape)

    def cond(state):
        return state[0] < horizon

    def body(state):
        t, z, ret, eps_log = state
        eps = jax.random.normal(planner.world_model.noise_key[...], z.shape)
        z = planner.world_model(z, actions[t]) + planner.world_model.sigma * eps
        ret = ret + planner.world_model.reward(z)[..., 0]
        return t + 1, z, ret, eps_log.at[t].set(eps)

    _, _, ret, eps_log = jax.lax.while_loop(cond, body, (0, z0, jnp.zeros(obs.shape[:1]), eps_log))
    return ret, eps_log


def main():
    planner = Planner(nnx.Rngs(0, noise=3))
    obs = jnp.ones((4, 5))
    actions = jnp.tile(jnp.linspace(-1.0, 1.0, 6)[:, None, None], (1, 4, 2))
    returns, eps_log = imagine(planner, obs, actions)
    return eps_log
