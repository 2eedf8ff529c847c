# label: same-values
# flax-error: none
# class: 3 augmentation plugins registered in AUGMENTATIONS own nnx.Rngs streams; the loader's raw scan body works on nnx.clone(pipeline) each step, so the cloned stream counters never advance
import jax
import jax.numpy as jnp
from flax import nnx

AUGMENTATIONS = {}


def augmentation(name):
    def deco(cls):
        AUGMENTATIONS[name] = cls
        return cls
    return deco


@augmentation("jitter")
class GaussianJitter(nnx.Module):
    def __init__(self, std, rngs: nnx.Rngs):
        self.std = std
        self.rngs = rngs

    def __call__(self, x):
        return self.std * jax.random.normal(self.rngs.augment(), x.shape)


@augmentation("cutout")
class RandomCutout(nnx.Module):
    def __init__(self, p, rngs: nnx.Rngs):
        self.p = p
        self.rngs = rngs

    def __call__(self, x):
        return jax.random.bernoulli(self.rngs.augment(), self.p, x.shape).astype(x.dtype)


class AugmentPipeline(nnx.Module):
    def __init__(self, specs, seed):
        self.stages = nnx.List([AUGMENTATIONS[name](arg, nnx.Rngs(augment=seed + i)) for i, (name, arg) in enumerate(specs)])

    def __call__(self, x):
        return [stage(x) for stage in self.stages]


class Loader:
    def __init__(self, pipeline: AugmentPipeline):
        self.pipeline = pipeline

    def epoch_randomness(self, batches):
        def step(carry, x):
            pipe = nnx.clone(self.pipeline)
            noise, mask = pipe(x)
            return carry, (noise, mask)

        _, out = jax.lax.scan(step, None, batches)
        return out


def main():
    pipe = AugmentPipeline([("jitter", 0.1), ("cutout", 0.5)], seed=3)
    return Loader(pipe).epoch_randomness(jnp.ones((5, 2, 4)))
