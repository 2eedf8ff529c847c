# label: ok
# flax-error: none
# class: 3 a predict helper calls model.apply(..., rngs={'dropout': key}) inside the raw lax.scan body, with one split key per pass fed in as xs
# modelled on: hr0nix/omega omega/neural/ensemble.py (DropoutEnsemble over a flax linen module) and Gal & Ghahramani MC dropout as in common MC-dropout wrappers
"""Monte Carlo dropout regressor: predictive mean and spread from stochastic passes."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class MCRegressor(nn.Module):
    hidden: int = 32
    rate: float = 0.3

    @nn.compact
    def __call__(self, x, train: bool):
        h = nn.relu(nn.Dense(self.hidden)(x))
        h = nn.Dropout(self.rate, deterministic=not train)(h)
        h = nn.relu(nn.Dense(self.hidden)(h))
        h = nn.Dropout(self.rate, deterministic=not train)(h)
        return nn.Dense(1)(h)


def predictive(model, variables, x, rng, num_passes: int):
    def one_pass(carry, key):
        return carry, model.apply(variables, x, train=True, rngs={"dropout": key})

    _, preds = jax.lax.scan(one_pass, None, jax.random.split(rng, num_passes))
    return preds


def summarize(preds):
    return preds.mean(axis=0), preds.std(axis=0)


def main():
    x = jnp.linspace(-2.0, 2.0, 16)[:, None]
    model = MCRegressor()
    variables = model.init(jax.random.key(0), x, train=False)
    preds = predictive(model, variables, x, jax.random.key(1), 8)
    mean, std = summarize(preds)
    print(mean.shape, float(std.mean()))
    return preds
