# label: same-values
# flax-error: none
# class: 4 a request-scoped RequestContext built by SnowmakingService carries the variables and one dropout key; Forecaster.sample_path applies the model with ctx.rng at every while_loop step
"""Ski-resort snowmaking: for each request the service builds a context object
and draws Monte-Carlo dropout paths of wet-bulb temperature for the night."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class WetBulbModel(nn.Module):
    @nn.compact
    def __call__(self, weather, deterministic: bool = True):
        h = nn.gelu(nn.Dense(12)(weather))
        h = nn.Dropout(0.25)(h, deterministic=deterministic)
        return nn.Dense(1)(h)[..., 0]


@dataclasses.dataclass
class RequestContext:
    request_id: int
    rng: jax.Array
    variables: dict


class Forecaster:
    def __init__(self, model, samples):
        self.model = model
        self.samples = samples

    def sample_path(self, ctx: RequestContext, weather):
        def cond(carry):
            return carry[0] < self.samples

        def body(carry):
            i, paths = carry
            y = self.model.apply(ctx.variables, weather, deterministic=False, rngs={"dropout": ctx.rng})
            return i + 1, paths.at[i].set(y)

        paths0 = jnp.zeros((self.samples, weather.shape[0]))
        _, paths = lax.while_loop(cond, body, (0, paths0))
        return paths


class SnowmakingService:
    def __init__(self, forecaster, variables, root_key):
        self.forecaster = forecaster
        self.variables = variables
        self.root_key = root_key

    def handle(self, request_id, weather):
        ctx = RequestContext(request_id, jax.random.fold_in(self.root_key, request_id), self.variables)
        return self.forecaster.sample_path(ctx, weather)


def main():
    weather = jax.random.normal(jax.random.key(0), (8, 4))
    model = WetBulbModel()
    variables = model.init(jax.random.key(1), weather)
    service = SnowmakingService(Forecaster(model, samples=6), variables, jax.random.key(2))
    return service.handle(41, weather)
