# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16,4] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 a HiveTrainer saves the training variables into its injected CheckpointManager from inside the fori_loop body; restore() later feeds them to apply
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
            params = optax.apply_updates(params, updates)
            self.checkpoints.save(i, {"params": params})
            return params, opt_state

        return jax.lax.fori_loop(0, batches.shape[0], train_step, (params, opt_state))


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
