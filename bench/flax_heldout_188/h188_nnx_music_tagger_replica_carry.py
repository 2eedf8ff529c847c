# label: ok
# flax-error: none
# class: 2 the tagger, a parameter of mc_tag, is split with nnx.split; its state rides in the scan carry, a replica is merged in the body and its state returned for the next pass
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
    graphdef, state = nnx.split(tagger)

    def one_pass(state, _):
        replica = nnx.merge(graphdef, state)
        probs = nnx.sigmoid(replica(clip))
        return nnx.state(replica), probs

    state, probs = scan(one_pass, state, None, length=passes)
    nnx.update(tagger, state)
    return probs


def main():
    tagger = Tagger(mel_bins=16, tags=6, rngs=nnx.Rngs(params=0, dropout=5))
    clip = jnp.ones((40, 16))
    return mc_tag(tagger, clip, passes=7)
