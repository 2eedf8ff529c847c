# label: same-values
# flax-error: none
# class: 3 the monitor's dropout key lives on the monitor object and is read unchanged by every scan step
"""Image-quality monitor that samples outputs with MC dropout: the same image is scored several
times with dropout on, and the spread of the samples is reported as uncertainty."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class IQANet(nn.Module):
    rate: float = 0.3

    @nn.compact
    def __call__(self, img, deterministic=True):
        x = jnp.mean(nn.relu(nn.Conv(8, (3, 3))(img)), axis=(0, 1))
        x = nn.Dropout(self.rate, deterministic=deterministic)(nn.Dense(16)(x))
        return nn.Dense(1)(x)[0]


class QualityMonitor:
    def __init__(self, model, variables, seed=0, n_samples=8):
        self.model = model
        self.variables = variables
        self.key = jax.random.key(seed)
        self.n_samples = n_samples

    def _sample(self, img, rng):
        return self.model.apply(self.variables, img, deterministic=False, rngs={"dropout": rng})

    def sample_scores(self, img):
        def body(_, __):
            return None, self._sample(img, self.key)

        _, samples = jax.lax.scan(body, None, None, length=self.n_samples)
        return samples


def main():
    model = IQANet()
    variables = model.init(jax.random.key(1), jnp.zeros((16, 16, 3)))
    monitor = QualityMonitor(model, variables)
    img = jax.random.uniform(jax.random.key(2), (16, 16, 3))
    return monitor.sample_scores(img)
