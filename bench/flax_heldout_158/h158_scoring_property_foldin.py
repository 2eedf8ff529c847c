# label: ok
# flax-error: none
# class: 3 the ClaimSeverityService exposes its dropout key as a property; its own mc_scores() folds the sample index into self.noise_key inside the while_loop body
"""Insurance claims triage: Monte-Carlo severity scores with a confidence band.

The service object owns the model, its variables and the key schedule; the current key is
exposed as a read-only property keyed by model version so callers cannot overwrite it. The
MC scorer fills a buffer of dropout samples with a while_loop until it has `n` of them,
folding the sample index into the service key.
"""
import flax.linen as nn
import jax
import jax.numpy as jnp
from jax import lax


class SeverityNet(nn.Module):
    rate: float = 0.25

    @nn.compact
    def __call__(self, claims, train: bool = False):
        h = nn.Dense(12)(claims)
        h = nn.Dropout(self.rate, deterministic=not train)(nn.swish(h))
        return nn.softplus(nn.Dense(1)(h))[..., 0]


class ClaimSeverityService:
    def __init__(self, model, variables, version: str, seed: int):
        self.model, self.variables = model, variables
        self.version = version
        self._keys = {version: jax.random.key(seed)}

    @property
    def noise_key(self):
        return self._keys[self.version]

    def mc_scores(self, claims, n: int):
        buffer = jnp.zeros((n, claims.shape[0]))

        def keep_going(state):
            return state[0] < n

        def draw(state):
            i, buffer = state
            scores = self.model.apply(self.variables, claims, train=True, rngs={"dropout": jax.random.fold_in(self.noise_key, i)})
            return i + 1, buffer.at[i].set(scores)

        _, buffer = lax.while_loop(keep_going, draw, (0, buffer))
        return buffer


def main():
    claims = jax.random.uniform(jax.random.key(0), (4, 7))
    model = SeverityNet()
    variables = model.init(jax.random.key(1), claims)
    service = ClaimSeverityService(model, variables, version="2024.06", seed=11)
    return service.mc_scores(claims, n=5)
