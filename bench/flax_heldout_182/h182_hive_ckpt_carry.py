# label: ok
# flax-error: none
# class: 4 a HiveTrainer carries params through the fori_loop and saves them into its injected CheckpointManager after the loop; restore() later feeds them to apply
"""Beehive acoustic anomaly detector: fine-tuning with a checkpoint manager that keeps recent states."""
import collections

import jax
import jax.numpy as jnp
import optax
from flax import linen as nn


class HumAutoencoder(nn.Module):
    bins: int = 16
    code: int = 4

    @nn.compact
    def __call__(self, spectrum):
        z = nn.tanh(nn.Dense(self.code, name="encode")(spectrum))
        return nn.Dense(self.bins, name="decode")(z)


class CheckpointManager:
    """In-memory stand-in for an orbax-style manager: save(step, state), restore()."""

    def __init__(self, max_to_keep=2):
        self._slots = collections.deque(maxlen=max_to_keep)

    def save(self, step, state):
        self._slots.append((step, state))

    def restore(self):
        return self._slots[-1][1]


class HiveTrainer:
    def __init__(self, model, checkpoints: CheckpointManager, learning_rate=0.05):
        self.model = model
        self.checkpoints = checkpoints
        self.tx = optax.sgd(learning_rate)

    def loss(self, params, batch):
        recon = self.model.apply({"params": params}, batch)
        return jnp.mean((recon - batch) ** 2)

    def fit(self, params, batches):
        opt_state = self.tx.init(params)

        def train_step(i, carry):
            params, opt_state = carry
            grads = jax.grad(self.loss)(params, batches[i])
            updates, opt_state = self.tx.update(grads, opt_state, params)
            return optax.apply_updates(params, updates), opt_state

        params, opt_state = jax.lax.fori_loop(0, batches.shape[0], train_step, (params, opt_state))
        self.checkpoints.save(batches.shape[0], {"params": params})
        return params, opt_state


def main():
    model = HumAutoencoder()
    batches = jax.random.normal(jax.random.key(0), (10, 8, model.bins))
    params = model.init(jax.random.key(1), batches[0])["params"]
    trainer = HiveTrainer(model, CheckpointManager())
    trainer.fit(params, batches)
    restored = trainer.checkpoints.restore()
    score = jnp.mean((model.apply(restored, batches[-1]) - batches[-1]) ** 2)
    print("anomaly score", float(score))
    return None
