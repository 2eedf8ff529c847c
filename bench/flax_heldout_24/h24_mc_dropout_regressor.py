# label: same-values
# flax-error: none
# class: 3 MCRegressor.predictive (run via apply(method=...)) scans over passes and calls the bound module, whose nn.Dropout draws from the 'dropout' stream inside the raw lax.scan body
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

    def predictive(self, x, num_passes: int):
        def one_pass(carry, _):
            return carry, self(x, train=True)

        _, preds = jax.lax.scan(one_pass, None, None, length=num_passes)
        return preds


def summarize(preds):
    return preds.mean(axis=0), preds.std(axis=0)


def main():
    x = jnp.linspace(-2.0, 2.0, 16)[:, None]
    model = MCRegressor()
    variables = model.init(jax.random.key(0), x, train=False)
    preds = model.apply(
        variables, x, 8, method=MCRegressor.predictive, rngs={"dropout": jax.random.key(1)}
    )
    mean, std = summarize(preds)
    print(mean.shape, float(std.mean()))
    return preds
