# label: same-values
# flax-error: none
# class: 4 AugmentPipeline -> HiveAugmenter -> KeyService.key_for('jitter') passed as rngs to model.apply in the fori_loop body
"""Hive-scale weight logger: jittered augmentation of nightly weight traces."""
import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


class JitterNet(nn.Module):
    scale: float = 0.05

    @nn.compact
    def __call__(self, trace):
        noise = jax.random.normal(self.make_rng("jitter"), trace.shape)
        return nn.Dense(trace.shape[-1])(trace + self.scale * noise)


class KeyService:
    def __init__(self, seed: int):
        self.root = jax.random.key(seed)

    def key_for(self, stream: str):
        return jax.random.fold_in(self.root, sum(map(ord, stream)))


class HiveAugmenter:
    def __init__(self, model, variables, keys: KeyService):
        self.model = model
        self.variables = variables
        self.key = keys.key_for("jitter")

    def augment(self, trace):
        return self.model.apply(self.variables, trace, rngs={"jitter": self.key})


class AugmentPipeline:
    def __init__(self, augmenter: HiveAugmenter, copies: int):
        self.augmenter = augmenter
        self.copies = copies

    def expand(self, trace):
        out = jnp.zeros((self.copies,) + trace.shape)

        def copy(i, out):
            return out.at[i].set(self.augmenter.augment(trace))

        return lax.fori_loop(0, self.copies, copy, out)


def main():
    trace = jnp.linspace(41.0, 43.5, 8)[None, :] / 50.0
    model = JitterNet()
    keys = KeyService(seed=17)
    variables = model.init({"params": jax.random.key(0), "jitter": keys.key_for("init")}, trace)
    pipeline = AugmentPipeline(HiveAugmenter(model, variables, keys), copies=6)
    return pipeline.expand(trace)
