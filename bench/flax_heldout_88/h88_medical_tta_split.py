# label: ok
# flax-error: none
# class: 3 a test-time-augmentation object owns a PRNG key that the inference pipeline splits into one key per view and feeds as xs to a raw lax.scan over augmentations
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import scan


class NoisySegmenter(nn.Module):
    sigma: float = 0.05

    @nn.compact
    def __call__(self, image):
        noise = self.sigma * jax.random.normal(self.make_rng("augment"), image.shape)
        logits = nn.Conv(2, (3, 3))(image + noise)
        return logits, noise


class TestTimeAugmentation:
    def __init__(self, n_views, seed):
        self.n_views = n_views
        self.key = jax.random.key(seed)

    def view_keys(self):
        return jax.random.split(self.key, self.n_views)


class InferencePipeline:
    def __init__(self, model, variables, tta):
        self.model = model
        self.variables = variables
        self.tta = tta

    def predict(self, image):
        def view(acc, key):
            logits, noise = self.model.apply(self.variables, image, rngs={"augment": key})
            return acc + jax.nn.softmax(logits), noise

        acc, noises = scan(view, jnp.zeros(image.shape[:-1] + (2,)), self.tta.view_keys())
        self.last_probs = acc / self.tta.n_views
        return noises


def main():
    image = jnp.ones((1, 8, 8, 1))
    model = NoisySegmenter()
    variables = model.init({"params": jax.random.key(0), "augment": jax.random.key(1)}, image)
    pipeline = InferencePipeline(model, variables, TestTimeAugmentation(4, seed=7))
    return pipeline.predict(image)
