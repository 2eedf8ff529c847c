# label: same-values
# flax-error: none
# class: 2 a medical TTA module owns an nnx.Rngs 'aug' stream; the pipeline splits it before a raw lax.scan over views, merges a copy of the same closed-over state in every step
import jax
import jax.numpy as jnp
from flax import nnx


class GaussianJitter(nnx.Module):
    def __init__(self, sigma, *, rngs: nnx.Rngs):
        self.sigma = sigma
        self.rngs = rngs

    def __call__(self, image):
        return self.sigma * jax.random.normal(self.rngs.aug(), image.shape)


class Segmenter(nnx.Module):
    def __init__(self, rngs):
        self.conv = nnx.Conv(1, 2, (3, 3), rngs=rngs)

    def __call__(self, x):
        return self.conv(x)


class TTAPipeline:
    def __init__(self, model, tta, n_views=4):
        self.model = model
        self.tta = tta
        self.n_views = n_views

    def predict(self, image):
        graphdef, state = nnx.split(self.tta)
        self.model.eval()

        def view(acc, _):
            tta = nnx.merge(graphdef, state, copy=True)
            noise = tta(image)
            return acc + jax.nn.softmax(self.model(image + noise)), noise

        acc, noises = jax.lax.scan(view, jnp.zeros(image.shape[:-1] + (2,)), None, length=self.n_views)
        self.probs = acc / self.n_views
        return noises


def main():
    image = jnp.ones((1, 8, 8, 1))
    pipeline = TTAPipeline(Segmenter(nnx.Rngs(0)), GaussianJitter(0.05, rngs=nnx.Rngs(aug=5)))
    return pipeline.predict(image)
