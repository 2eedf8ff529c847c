# label: same-values
# flax-error: none
# class: 1 SorterVisionHead.jittered_scores runs the scan itself and calls self.make_rng("augment") inside the body
"""Recycling sorter vision: the material head scores a camera patch under several brightness
jitters (test-time augmentation) before the air jets pick PET, HDPE, glass or paper."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax

MATERIALS = ("pet", "hdpe", "glass", "paper")


class SorterVisionHead(nn.Module):
    def setup(self):
        self.features = nn.Dense(16)
        self.classes = nn.Dense(len(MATERIALS))

    def __call__(self, patch):
        return self.classes(nn.relu(self.features(patch)))

    def jittered_scores(self, patch, views):
        def view(carry, _):
            key = self.make_rng("augment")
            gain = 1.0 + 0.2 * jax.random.normal(key, ())
            logits = self(patch * gain)
            return carry, jax.nn.softmax(logits)

        _, scores = lax.scan(view, None, None, length=views)
        return scores


class SortingStation:
    def __init__(self, head, variables, seed):
        self.head, self.variables, self.seed = head, variables, seed

    def inspect(self, patch, views=5):
        return self.head.apply(self.variables, patch, views,
                               method=SorterVisionHead.jittered_scores,
                               rngs={"augment": jax.random.key(self.seed)})


def main():
    head = SorterVisionHead()
    patch = jax.random.uniform(jax.random.key(0), (24,))
    variables = head.init(jax.random.key(1), patch)
    station = SortingStation(head, variables, seed=11)
    scores = station.inspect(patch)
    print(MATERIALS[int(jnp.argmax(scores.mean(0)))])
    return scores
