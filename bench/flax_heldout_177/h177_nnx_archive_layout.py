# label: same-values
# flax-error: none
# class: 5 the plugin found by its plugin_ name returns a jax.checkpoint-wrapped sampler that builds nnx.Rngs(dropout=key) from a key fixed when the plugin was built; the scan body calls the sampler
"""Archive digitisation: page-layout regions of scanned registers (text block, marginalia, stamp,
table) are classified with Monte-Carlo dropout to flag uncertain pages. Samplers are plugins found
in the module namespace by their plugin_ prefix; the MC-dropout plugin wraps its sampler in
jax.checkpoint."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import scan


class LayoutNet(nnx.Module):
    def __init__(self, features: int, rngs: nnx.Rngs):
        self.body = nnx.Linear(features, 16, rngs=rngs)
        self.drop = nnx.Dropout(0.3)
        self.head = nnx.Linear(16, 4, rngs=rngs)

    def __call__(self, regions, rngs=None):
        return jax.nn.softmax(self.head(self.drop(nnx.relu(self.body(regions)), rngs=rngs)))


def plugin_mc_dropout(model, key):
    @jax.checkpoint
    def sample(regions):
        return model(regions, rngs=nnx.Rngs(dropout=key))
    return sample


def plugin_deterministic(model, key):
    def sample(regions):
        return jax.nn.softmax(model.head(nnx.relu(model.body(regions))))
    return sample


def discover(namespace):
    return {name[len("plugin_"):]: fn for name, fn in namespace.items()
            if name.startswith("plugin_") and callable(fn)}


def mc_layout(sampler, regions, passes):
    def body(carry, _):
        return carry, sampler(regions)

    _, probs = scan(body, None, None, length=passes)
    return probs


def main():
    model = LayoutNet(10, nnx.Rngs(0))
    regions = jax.random.uniform(jax.random.key(1), (5, 10))
    plugins = discover(globals())
    sampler = plugins["mc_dropout"](model, jax.random.key(2))
    return mc_layout(sampler, regions, passes=4)
