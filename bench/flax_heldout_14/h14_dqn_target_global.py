# label: ok
# flax-error: none
# class: 2 module-level Q-network (a global) applied purely with closed-over target params in the raw scan body
import jax
import jax.numpy as jnp
from jax import lax
import flax.linen as nn


class QNet(nn.Module):
    n_actions: int = 3

    @nn.compact
    def __call__(self, obs):
        h = nn.relu(nn.Dense(32)(obs))
        return nn.Dense(self.n_actions)(h)


Q_NET = QNet()
GAMMA = 0.97


def td_targets(target_params, rewards, next_obs, dones):
    """Per-step TD targets over a stored trajectory."""

    def body(_, xs):
        r, o, d = xs
        q_next = Q_NET.apply(target_params, o)
        return None, r + GAMMA * (1.0 - d) * q_next.max(-1)

    _, y = lax.scan(body, None, (rewards, next_obs, dones))
    return y


def main():
    T, B, D = 6, 4, 5
    key = jax.random.PRNGKey(0)
    params = Q_NET.init(key, jnp.zeros((B, D)))
    target_params = jax.tree.map(lambda p: p.copy(), params)
    rewards = jnp.ones((T, B))
    next_obs = jax.random.normal(key, (T, B, D))
    dones = jnp.zeros((T, B))
    y = td_targets(target_params, rewards, next_obs, dones)
    jax.block_until_ready(y)
    return None
