# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 64 (256 B)
# class: 3 helper method _sgd_step (via a lambda) runs nnx.value_and_grad of self.model and self.optimizer.update in a raw fori_loop
"""DQN trainer (NNX): several gradient steps per jit call, done in a raw fori_loop over the replay batch."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.lax import fori_loop


class QNet(nnx.Module):
    def __init__(self, obs_dim, n_actions, rngs):
        self.l1 = nnx.Linear(obs_dim, 64, rngs=rngs)
        self.l2 = nnx.Linear(64, n_actions, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.relu(self.l1(x)))


def td_loss(model, target_q, batch, gamma=0.99):
    obs, act, rew, nxt = batch
    q = jnp.take_along_axis(model(obs), act[:, None], 1)[:, 0]
    y = rew + gamma * jnp.max(target_q, -1)
    return jnp.mean((q - jax.lax.stop_gradient(y)) ** 2)


class DQNTrainer:
    def __init__(self, seed=0):
        self.model = QNet(4, 2, nnx.Rngs(seed))
        self.target = QNet(4, 2, nnx.Rngs(seed))
        self.optimizer = nnx.Optimizer(self.model, optax.adam(1e-3), wrt=nnx.Param)

    def _sgd_step(self, i, losses, batches):
        batch = jax.tree.map(lambda b: b[i], batches)
        target_q = self.target(batch[3])
        loss, grads = nnx.value_and_grad(td_loss)(self.model, target_q, batch)
        self.optimizer.update(self.model, grads)
        return losses.at[i].set(loss)

    def train(self, batches, n_updates):
        body = lambda i, losses: self._sgd_step(i, losses, batches)
        return fori_loop(0, n_updates, body, jnp.zeros(n_updates))


def main():
    tr = DQNTrainer()
    n = 3
    batches = (jnp.ones((n, 8, 4)), jnp.zeros((n, 8), jnp.int32), jnp.ones((n, 8)), jnp.ones((n, 8, 4)))
    losses = tr.train(batches, n)
    return None
