# label: same-values
# flax-error: none
# class: 4 the AugmentStepper holds an Augmenter whose nnx.Rngs stream gave one key at construction; the while_loop body draws sensor noise from self.augmenter.key for every round
"""Parking occupancy: test-time augmentation of the bay occupancy model over
batches of garage sensor records streamed from the vendor feed."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import while_loop


class OccupancyNet(nnx.Module):
    def __init__(self, n_bays, rngs):
        self.mix = nnx.Linear(n_bays, n_bays, rngs=rngs)

    def __call__(self, counts):
        return nnx.sigmoid(self.mix(counts))


class FeedAdapter:
    """Adapts the vendor's record format to the model's input."""

    def to_array(self, record):
        return jnp.asarray(record["counts"], jnp.float32) / record["capacity"]


def batches(adapter, records):
    for record in records:
        yield adapter.to_array(record)


class Augmenter:
    def __init__(self, seed, scale):
        self.rngs = nnx.Rngs(augment=seed)
        self.key = self.rngs.augment()
        self.scale = scale


class AugmentStepper:
    def __init__(self, model, augmenter, rounds=4):
        self.model, self.augmenter, self.rounds = model, augmenter, rounds

    def step(self, counts):
        def cond(state):
            return state[0] < self.rounds

        def body(state):
            i, preds = state
            noise = jax.random.normal(self.augmenter.key, counts.shape)
            noisy = counts + self.augmenter.scale * noise
            return i + 1, preds.at[i].set(self.model(noisy))

        _, preds = while_loop(cond, body, (0, jnp.zeros((self.rounds,) + counts.shape)))
        return preds


def main():
    records = [{"counts": [3, 7, 1, 9], "capacity": 10.0}, {"counts": [5, 2, 8, 4], "capacity": 10.0}]
    stepper = AugmentStepper(OccupancyNet(4, nnx.Rngs(0)), Augmenter(seed=9, scale=0.1))
    per_batch = [stepper.step(counts) for counts in batches(FeedAdapter(), records)]
    return jnp.stack(per_batch, axis=1)  # [round, batch, bay]
