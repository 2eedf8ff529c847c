# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 a lax.cond branch inside a raw lax.scan body soft-updates the outside target network's Params (DQN-style Polyak update)
import jax
import jax.numpy as jnp
from flax import nnx


class QNet(nnx.Module):
    def __init__(self, obs_dim, n_actions, rngs):
        self.body = nnx.Linear(obs_dim, 32, rngs=rngs)
        self.head = nnx.Linear(32, n_actions, rngs=rngs)

    def __call__(self, obs):
        return self.head(nnx.relu(self.body(obs)))


def polyak_update(online, target, tau):
    new = jax.tree.map(lambda o, t: tau * o + (1 - tau) * t,
                       nnx.state(online, nnx.Param), nnx.state(target, nnx.Param))
    nnx.update(target, new)


def td_targets(online, target, batches, tau=0.05, period=2):
    def body(step, batch):
        obs, reward = batch
        q_next = target(obs).max(-1)
        jax.lax.cond(step % period == 0,
                     lambda: polyak_update(online, target, tau),
                     lambda: None)
        return step + 1, reward + 0.99 * q_next

    return jax.lax.scan(body, 0, batches)


def main():
    online = QNet(4, 2, nnx.Rngs(0))
    target = QNet(4, 2, nnx.Rngs(1))
    obs = jax.random.normal(jax.random.key(2), (5, 3, 4))
    rewards = jnp.ones((5, 3))
    td_targets(online, target, (obs, rewards))
    return None
