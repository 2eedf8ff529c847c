# label: ok
# flax-error: none
# class: 4 the per-batch scores leave the while_loop in carried buffers and reach SortEvaluator -> EvalTracker.metrics through tracker.record() after the loop
"""Parcel sorting hub (NNX): evaluate the chute-assignment model over a shift of conveyor batches."""
import jax
import jax.numpy as jnp
from flax import nnx


class ChuteAssigner(nnx.Module):
    def __init__(self, features: int, chutes: int, rngs: nnx.Rngs):
        self.encode = nnx.Linear(features, 16, rngs=rngs)
        self.assign = nnx.Linear(16, chutes, rngs=rngs)

    def __call__(self, parcels):
        return self.assign(nnx.relu(self.encode(parcels)))


class EvalTracker:
    def __init__(self):
        self.metrics = nnx.MultiMetric(
            loss=nnx.metrics.Average("loss"),
            misroute=nnx.metrics.Average("misroute"),
        )

    def record(self, loss, misroute):
        self.metrics.update(loss=loss, misroute=misroute)

    def summary(self):
        return self.metrics.compute()


class SortEvaluator:
    def __init__(self, model: ChuteAssigner, tracker: EvalTracker):
        self.model = model
        self.tracker = tracker

    def batch_scores(self, parcels, chutes):
        logits = self.model(parcels)
        loss = -jnp.mean(jnp.take_along_axis(jax.nn.log_softmax(logits), chutes[:, None], axis=-1))
        misroute = jnp.mean(jnp.argmax(logits, axis=-1) != chutes)
        return loss, misroute

    def evaluate(self, parcels, chutes):
        n_batches = parcels.shape[0]

        def next_batch(carry):
            i, losses, misroutes = carry
            loss, misroute = self.batch_scores(parcels[i], chutes[i])
            return i + 1, losses.at[i].set(loss), misroutes.at[i].set(misroute)

        empty = jnp.zeros((n_batches,))
        _, losses, misroutes = jax.lax.while_loop(lambda c: c[0] < n_batches, next_batch, (0, empty, empty))
        self.tracker.record(losses, misroutes)
        return self.tracker.summary()


def main():
    model = ChuteAssigner(features=6, chutes=5, rngs=nnx.Rngs(3))
    model.eval()
    parcels = jnp.cos(jnp.arange(8 * 12 * 6, dtype=jnp.float32) / 5.0).reshape(8, 12, 6)
    chutes = (jnp.arange(8 * 12) % 5).reshape(8, 12)
    summary = SortEvaluator(model, EvalTracker()).evaluate(parcels, chutes)
    jax.block_until_ready(summary)
    return None
