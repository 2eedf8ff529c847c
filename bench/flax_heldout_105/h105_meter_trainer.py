# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 the scan body calls the on_batch() hook that a Trainer subclass overrides; it applies the model with mutable batch_stats and stores them on self
"""Smart-meter anomaly detection: an autoencoder over daily load curves.

BaseTrainer.fit() scans over the batches of one epoch and calls the on_batch() hook for
each; NormalizingTrainer overrides the hook to keep the BatchNorm statistics current.
"""
import jax
import jax.numpy as jnp
import optax
from flax import linen as nn

lax = jax.lax


class LoadAutoencoder(nn.Module):
    @nn.compact
    def __call__(self, x, train: bool = True):
        h = nn.Dense(8)(x)
        h = nn.BatchNorm(use_running_average=not train)(h)
        return nn.Dense(x.shape[-1])(nn.tanh(h))


class BaseTrainer:
    def __init__(self, model, variables, lr=1e-2):
        self.model = model
        self.params = variables["params"]
        self.batch_stats = variables.get("batch_stats", {})
        self.tx = optax.sgd(lr)

    def on_batch(self, params, batch):
        recon = self.model.apply({"params": params, "batch_stats": self.batch_stats}, batch, train=False)
        return jnp.mean((recon - batch) ** 2)

    def fit(self, batches):
        opt_state = self.tx.init(self.params)

        def step(carry, batch):
            params, opt_state = carry
            loss, grads = jax.value_and_grad(self.on_batch)(params, batch)
            updates, opt_state = self.tx.update(grads, opt_state)
            return (optax.apply_updates(params, updates), opt_state), loss

        (self.params, _), losses = lax.scan(step, (self.params, opt_state), batches)
        return losses

    def anomaly_scores(self, batch):
        variables = {"params": self.params, "batch_stats": self.batch_stats}
        recon = self.model.apply(variables, batch, train=False)
        return jnp.mean((recon - batch) ** 2, axis=-1)


class NormalizingTrainer(BaseTrainer):
    def on_batch(self, params, batch):
        variables = {"params": params, "batch_stats": self.batch_stats}
        recon, updates = self.model.apply(variables, batch, mutable=["batch_stats"])
        self.batch_stats = jax.lax.stop_gradient(updates["batch_stats"])
        return jnp.mean((recon - batch) ** 2)


def main():
    batches = jax.random.normal(jax.random.key(0), (5, 16, 24))
    model = LoadAutoencoder()
    variables = model.init(jax.random.key(1), batches[0])
    trainer = NormalizingTrainer(model, variables)
    trainer.fit(batches)
    trainer.anomaly_scores(batches[0])
    return None
