# label: same-values
# flax-error: none
# class: 2 the tagger, a parameter of mc_tag, goes into the scan body directly and each step runs on nnx.clone(tagger), whose Dropout stream restarts from the same count
"""Music auto-tagging: genre/mood tag probabilities are averaged over Monte-Carlo dropout
passes; each pass runs on a replica of the tagger so the shared serving instance is never
mutated by a request."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan


class Tagger(nnx.Module):
    def __init__(self, mel_bins: int, tags: int, rngs: nnx.Rngs):
        self.pool = nnx.Linear(mel_bins, 32, rngs=rngs)
        self.drop = nnx.Dropout(0.3, rngs=rngs)
        self.tags = nnx.Linear(32, tags, rngs=rngs)

    def __call__(self, clip):
        h = nnx.relu(self.pool(clip.mean(axis=0)))
        return self.tags(self.drop(h))


def mc_tag(tagger: Tagger, clip, passes: int):
    def one_pass(carry, _):
        replica = nnx.clone(tagger)
        return carry, nnx.sigmoid(replica(clip))

    _, probs = scan(one_pass, None, None, length=passes)
    return probs


def main():
    tagger = Tagger(mel_bins=16, tags=6, rngs=nnx.Rngs(params=0, dropout=5))
    clip = jnp.ones((40, 16))
    return mc_tag(tagger, clip, passes=7)
