# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 hooks from a decorator registry run inside the fori_loop body and one calls nnx.update on the scorer's model, closed over from outside the loop
"""Transit fare evasion detection: online refit of a tram ticket-inspection scorer, with registered sync hooks."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx

HOOKS = {}


def register_hook(name):
    def wrap(fn):
        HOOKS[name] = fn
        return fn
    return wrap


@register_hook("sync_serving_weights")
def sync_serving_weights(scorer, state):
    nnx.update(scorer.model, state)


class InspectionScorer(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.stops = nnx.Linear(6, 8, rngs=rngs)
        self.risk = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, x):
        return self.risk(nnx.relu(self.stops(x)))[..., 0]


class OnlineScorer:
    def __init__(self, model, hooks=("sync_serving_weights",)):
        self.model = model
        self.hooks = [HOOKS[name] for name in hooks]
        self.tx = optax.sgd(5e-2)

    def refit(self, trips, fined):
        graphdef, params = nnx.split(self.model, nnx.Param)

        def loss_fn(params, x, y):
            logits = nnx.merge(graphdef, params)(x)
            return optax.sigmoid_binary_cross_entropy(logits, y).mean()

        def trip(i, carry):
            params, opt_state = carry
            grads = jax.grad(loss_fn)(params, trips[i], fined[i])
            updates, opt_state = self.tx.update(grads, opt_state, params)
            params = optax.apply_updates(params, updates)
            for hook in self.hooks:
                hook(self, params)
            return params, opt_state

        return jax.lax.fori_loop(0, trips.shape[0], trip, (params, self.tx.init(params)))


def main():
    trips = jax.random.normal(jax.random.key(0), (5, 12, 6))
    fined = (trips[..., 1] > 0.8).astype(jnp.float32)
    OnlineScorer(InspectionScorer(nnx.Rngs(0))).refit(trips, fined)
    return None
