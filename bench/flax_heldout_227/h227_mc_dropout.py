# label: same-values
# flax-error: none
# class: 2 the dropout key is a local argument of mc_predict passed unchanged as rngs={'dropout': key} to apply in every scan step
"""Monte Carlo dropout uncertainty estimate with a raw scan over samples.

Modelled on "MC dropout gives zero variance" questions: the user applies the classifier with
train=True inside a scan over T samples but passes the same dropout key at every step, so every
sample uses the same mask.
"""
import jax
import jax.numpy as jnp
import flax.linen as nn


class Classifier(nn.Module):
    classes: int = 3
    rate: float = 0.3

    @nn.compact
    def __call__(self, x, train=False):
        h = nn.relu(nn.Dense(32)(x))
        h = nn.Dropout(self.rate, deterministic=not train)(h)
        h = nn.relu(nn.Dense(32)(h))
        h = nn.Dropout(self.rate, deterministic=not train)(h)
        return nn.Dense(self.classes)(h)


def mc_predict(model, params, x, key, num_samples):
    def sample(carry, _):
        logits = model.apply({"params": params}, x, train=True, rngs={"dropout": key})
        return carry, jax.nn.softmax(logits)

    _, probs = jax.lax.scan(sample, None, None, length=num_samples)
    return probs


def main():
    model = Classifier()
    x = jax.random.normal(jax.random.key(0), (4, 5))
    params = model.init(jax.random.key(1), x)["params"]
    probs = mc_predict(model, params, x, jax.random.key(2), num_samples=8)
    return probs
