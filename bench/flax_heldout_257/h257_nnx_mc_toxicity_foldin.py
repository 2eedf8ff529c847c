# label: ok
# flax-error: none
# class: 3 the scan body in McDropoutRunner.run merges self.graphdef with the carried state and reseeds the dropout stream from self.seed folded with the pass index
"""Monte Carlo dropout estimate of hepatotoxicity probability for a batch of fingerprints."""

import jax
import jax.numpy as jnp
import jax.lax as lax
from flax import nnx


class ToxicityNet(nnx.Module):
    def __init__(self, bits: int, hidden: int, *, rngs: nnx.Rngs):
        self.inp = nnx.Linear(bits, hidden, rngs=rngs)
        self.drop = nnx.Dropout(0.3, rngs=rngs)
        self.out = nnx.Linear(hidden, 1, rngs=rngs)

    def __call__(self, fingerprints):
        h = nnx.relu(self.inp(fingerprints.astype(jnp.float32)))
        return self.out(self.drop(h))[..., 0]


class McDropoutRunner:
    def __init__(self, model: nnx.Module, passes: int, seed: int):
        self.graphdef, self.state = nnx.split(model)
        self.passes = passes
        self.seed = seed

    def run(self, fingerprints):
        base_key = jax.random.key(self.seed)

        def one_pass(state, pass_index):
            model = nnx.merge(self.graphdef, state)
            nnx.reseed(model, dropout=jax.random.fold_in(base_key, pass_index))
            prob = jax.nn.sigmoid(model(fingerprints))
            return nnx.state(model), prob

        self.state, probs = lax.scan(one_pass, self.state, jnp.arange(self.passes))
        return probs


def main():
    fingerprints = jnp.ones((3, 32), dtype=jnp.int8)
    net = ToxicityNet(32, 16, rngs=nnx.Rngs(params=0, dropout=1))
    runner = McDropoutRunner(net, passes=5, seed=2024)
    return runner.run(fingerprints)
