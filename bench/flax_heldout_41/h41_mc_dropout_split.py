# label: ok
# flax-error: none
# class: 4 model.apply(train=True) runs in the raw scan body with a fresh dropout key per sample, split beforehand and fed as xs
"""Monte Carlo dropout: draw several stochastic forward passes for predictive uncertainty."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class Classifier(nn.Module):
    num_classes: int = 5

    @nn.compact
    def __call__(self, x, train: bool = False):
        x = nn.relu(nn.Dense(64)(x))
        x = nn.Dropout(0.3, deterministic=not train)(x)
        x = nn.relu(nn.Dense(64)(x))
        x = nn.Dropout(0.3, deterministic=not train)(x)
        return nn.Dense(self.num_classes)(x)


def mc_predict(model, variables, x, key, num_samples=16):
    def one_sample(carry, sample_key):
        logits = model.apply(variables, x, train=True, rngs={"dropout": sample_key})
        return carry, jax.nn.softmax(logits)

    _, probs = lax.scan(one_sample, None, jax.random.split(key, num_samples))
    return probs


def main():
    model = Classifier()
    x = jax.random.normal(jax.random.PRNGKey(0), (8, 20))
    variables = model.init(jax.random.PRNGKey(1), x)
    probs = mc_predict(model, variables, x, jax.random.PRNGKey(2))
    return probs
