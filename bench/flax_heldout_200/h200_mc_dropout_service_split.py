# label: ok
# flax-error: none
# class: 5 functools.partial(model.apply, ...) kept on UncertaintyService is called in the scan body with a dropout key split from the carry
"""Monte-Carlo dropout uncertainty for a sonar contact classifier served behind a small service object."""
import functools

import jax
import jax.numpy as jnp
from flax import linen as nn


class ContactClassifier(nn.Module):
    num_classes: int = 4
    hidden: int = 32
    drop_rate: float = 0.3

    @nn.compact
    def __call__(self, echoes, train: bool = False):
        x = nn.relu(nn.Dense(self.hidden)(echoes))
        x = nn.Dropout(self.drop_rate, deterministic=not train)(x)
        return nn.Dense(self.num_classes)(x)


class UncertaintyService:
    """Keeps a ready-to-call stochastic forward pass and draws several passes per request."""

    def __init__(self, model: nn.Module, variables, seed: int):
        self._predict = functools.partial(model.apply, variables, train=True)
        self._key = jax.random.key(seed)

    def sample(self, echoes, num_samples: int):
        def one_pass(key, _):
            key, dropout_key = jax.random.split(key)
            probs = jax.nn.softmax(self._predict(echoes, rngs={"dropout": dropout_key}))
            return key, probs

        _, samples = jax.lax.scan(one_pass, self._key, jnp.arange(num_samples))
        return samples


def summarize(samples):
    mean = samples.mean(0)
    return mean.argmax(-1), samples.std(0).max(-1)


def main():
    echoes = jax.random.normal(jax.random.key(1), (3, 10))
    model = ContactClassifier()
    variables = model.init(jax.random.key(0), echoes)
    service = UncertaintyService(model, variables, seed=42)
    samples = service.sample(echoes, num_samples=8)
    label, spread = summarize(samples)
    print("contacts", label, spread)
    return samples
