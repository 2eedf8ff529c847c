# label: same-values
# flax-error: none
# class: 4 the deterministic flag travels Classifier -> ResidualBlock -> nn.Dropout, whose make_rng runs inside the scan body of Classifier.mc_predict
"""MC-dropout predictive distribution computed inside the model with a scan over samples."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclasses.dataclass(frozen=True)
class ClassifierConfig:
    width: int = 32
    depth: int = 3
    num_classes: int = 4
    dropout_rate: float = 0.3


class ResidualBlock(nn.Module):
    width: int
    rate: float

    @nn.compact
    def __call__(self, x, deterministic: bool):
        h = nn.relu(nn.Dense(self.width)(nn.LayerNorm()(x)))
        h = nn.Dropout(self.rate)(h, deterministic=deterministic)
        return x + nn.Dense(self.width)(h)


class Classifier(nn.Module):
    cfg: ClassifierConfig

    def setup(self):
        self.stem = nn.Dense(self.cfg.width)
        self.blocks = [ResidualBlock(self.cfg.width, self.cfg.dropout_rate) for _ in range(self.cfg.depth)]
        self.head = nn.Dense(self.cfg.num_classes)

    def __call__(self, x, deterministic: bool = True):
        h = self.stem(x)
        for block in self.blocks:
            h = block(h, deterministic)
        return self.head(h)

    def mc_predict(self, x, num_samples: int):
        def body(carry, _):
            probs = jax.nn.softmax(self(x, deterministic=False))
            return carry, probs

        _, samples = jax.lax.scan(body, None, None, length=num_samples)
        return samples


def predictive_entropy(samples):
    mean = samples.mean(0)
    return -jnp.sum(mean * jnp.log(mean + 1e-9), -1)


def main():
    cfg = ClassifierConfig()
    model = Classifier(cfg)
    x = jax.random.normal(jax.random.key(0), (5, 12))
    variables = model.init(jax.random.key(1), x)
    samples = model.apply(variables, x, 8, method=Classifier.mc_predict,
                          rngs={"dropout": jax.random.key(2)})
    print("entropy", predictive_entropy(samples))
    return samples
