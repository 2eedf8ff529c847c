# label: ok
# flax-error: none
# class: 3 self.graphdef / self.state of a CrossmatchSampler (nnx.split in __init__) enter the scan as carry; the body merges them and returns nnx.state of the merged model
"""Organ donor crossmatch: MC-dropout samples of the compatibility of one donor/recipient pair."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx

lax = jax.lax


class CrossmatchNet(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.encoder = nnx.Linear(6, 12, rngs=rngs)
        self.dropout = nnx.Dropout(0.4, rngs=rngs)
        self.head = nnx.Linear(12, 1, rngs=rngs)

    def __call__(self, pair):
        h = self.dropout(nnx.relu(self.encoder(pair)))
        return nnx.sigmoid(self.head(h))[..., 0]


class CrossmatchSampler:
    def __init__(self, seed: int = 0):
        model = CrossmatchNet(nnx.Rngs(params=seed, dropout=seed + 1))
        self.graphdef, self.state = nnx.split(model)

    def sample(self, pair, n: int):
        def body(state, _):
            model = nnx.merge(self.graphdef, state)
            probs = model(pair)
            return nnx.state(model), probs

        self.state, probs = lax.scan(body, self.state, None, length=n)
        return probs


def main():
    sampler = CrossmatchSampler()
    # donor HLA-A/B/DR mismatch, ABO, recipient PRA, cold ischaemia hours (normalised)
    pair = jnp.array([1.0, 0.0, 2.0, 1.0, 0.35, 0.5])
    return sampler.sample(pair, n=6)
