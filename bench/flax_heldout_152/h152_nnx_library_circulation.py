# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[5,12] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 make_renewal_step(graphdef, warm_cache) returns the scan step; it merges the model from the carried state and leaves it in warm_cache, which serves a request after the loop
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import scan


class DemandModel(nnx.Module):
    def __init__(self, genres: int, rngs: nnx.Rngs):
        self.embed = nnx.Linear(genres, 12, rngs=rngs)
        self.renewal = nnx.Linear(12, 1, rngs=rngs)

    def __call__(self, loans):
        return nnx.sigmoid(self.renewal(nnx.tanh(self.embed(loans))))[..., 0]


def loan_batches(key, weeks, patrons=10, genres=5):
    for week in range(weeks):
        yield jax.random.uniform(jax.random.fold_in(key, week), (patrons, genres))


def make_renewal_step(graphdef, warm_cache, lr=0.05):
    def step(state, loans):
        model = nnx.merge(graphdef, state)
        target = (loans.sum(-1) > 2.5).astype(jnp.float32)
        loss, grads = nnx.value_and_grad(lambda m: jnp.mean((m(loans) - target) ** 2))(model)
        params = nnx.state(model, nnx.Param)
        nnx.update(model, jax.tree.map(lambda p, g: p - lr * g, params, grads))
        warm_cache["model"] = model
        return nnx.state(model), loss

    return step


class RenewalDesk:
    def __init__(self, warm_cache):
        self.warm_cache = warm_cache

    def predict(self, loans):
        return self.warm_cache["model"](loans)


def main():
    graphdef, state = nnx.split(DemandModel(genres=5, rngs=nnx.Rngs(0)))
    batches = jnp.stack(list(loan_batches(jax.random.key(9), weeks=6)))
    warm_cache = {}
    step = make_renewal_step(graphdef, warm_cache)
    state, losses = scan(step, state, batches)
    RenewalDesk(warm_cache).predict(batches[-1])
    return None
