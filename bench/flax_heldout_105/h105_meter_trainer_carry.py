# label: ok
# flax-error: none
# class: 4 the scan body calls the on_batch() hook that a Trainer subclass overrides; the hook returns the new batch_stats, which go through the carry
"""Smart-meter anomaly detection: an autoencoder over daily load curves.

BaseTrainer.fit() scans over the batches of one epoch and calls the on_batch() hook for
each; NormalizingTrainer overrides the hook and hands the new BatchNorm statistics back,
so they travel in the scan carry and are stored once the epoch is over.
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

    def on_batch(self, params, batch_stats, batch):
        recon = self.model.apply({"params": params, "batch_stats": batch_stats}, batch, train=False)
        return jnp.mean((recon - batch) ** 2), batch_stats

    def fit(self, batches):
        opt_state = self.tx.init(self.params)

        def step(carry, batch):
            params, batch_stats, opt_state = carry
            (loss, batch_stats), grads = jax.value_and_grad(self.on_batch, has_aux=True)(
                params, batch_stats, batch
            )
            updates, opt_state = self.tx.update(grads, opt_state)
            return (optax.apply_updates(params, updates), batch_stats, opt_state), loss

        init = (self.params, self.batch_stats, opt_state)
        (self.params, self.batch_stats, _), losses = lax.scan(step, init, batches)
        return losses

    def anomaly_scores(self, batch):
        variables = {"params": self.params, "batch_stats": self.batch_stats}
        recon = self.model.apply(variables, batch, train=False)
        return jnp.mean((recon - batch) ** 2, axis=-1)


class NormalizingTrainer(BaseTrainer):
    def on_batch(self, params, batch_stats, batch):
        variables = {"params": params, "batch_stats": batch_stats}
        recon, updates = self.model.apply(variables, batch, mutable=["batch_stats"])
        return jnp.mean((recon - batch) ** 2), jax.lax.stop_gradient(updates["batch_stats"])


def main():
    batches = jax.random.normal(jax.random.key(0), (5, 16, 24))
    model = LoadAutoencoder()
    variables = model.init(jax.random.key(1), batches[0])
    trainer = NormalizingTrainer(model, variables)
    trainer.fit(batches)
    trainer.anomaly_scores(batches[0])
    return None
