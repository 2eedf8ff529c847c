# label: ok
# flax-error: none
# class: 2 the model and its params are arguments of the rollout function; the scan body calls model.apply(params, ...)
import jax
import jax.numpy as jnp
from jax import lax
import flax.linen as nn


class Dynamics(nn.Module):
    @nn.compact
    def __call__(self, state, action):
        h = nn.relu(nn.Dense(32)(jnp.concatenate([state, action], -1)))
        return state + nn.Dense(state.shape[-1])(h)


def imagine(model, params, s0, actions):
    def step(s, a):
        s_next = model.apply(params, s, a)
        return s_next, s_next
    return lax.scan(step, s0, actions)[1]


def main():
    dyn = Dynamics()
    s0 = jnp.zeros((4,))
    actions = jax.random.normal(jax.random.PRNGKey(0), (15, 2))
    params = dyn.init(jax.random.PRNGKey(1), s0, actions[0])
    traj = imagine(dyn, params, s0, actions)
    jnp.sum(traj).block_until_ready()
    return None
