# label: trace-context
# flax-error: TraceContextError: Cannot mutate CallCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 a @counted decorator on the triage module's methods increments CallCount variables when the scan body calls them
"""Insurance-claim triage router; a decorator counts how often each model method is called."""
import functools

import jax
import jax.numpy as jnp
import flax.nnx as nnx


class CallCount(nnx.Variable):
    pass


def counted(method):
    counter_name = f"calls_{method.__name__}"

    @functools.wraps(method)
    def wrapper(self, *args, **kwargs):
        counter = getattr(self, counter_name)
        counter[...] = counter[...] + 1
        return method(self, *args, **kwargs)

    return wrapper


class ClaimTriage(nnx.Module):
    def __init__(self, n_feat, n_queues, *, rngs: nnx.Rngs):
        self.encoder = nnx.Linear(n_feat, 16, rngs=rngs)
        self.router = nnx.Linear(16 + n_queues, n_queues, rngs=rngs)
        self.calls_embed = CallCount(jnp.zeros((), jnp.int32))
        self.calls_route = CallCount(jnp.zeros((), jnp.int32))

    @counted
    def embed(self, claims):
        return nnx.gelu(self.encoder(claims))

    @counted
    def route(self, h, backlog):
        ctx = jnp.broadcast_to(backlog, (h.shape[0], backlog.shape[0]))
        return jax.nn.softmax(self.router(jnp.concatenate([h, ctx], axis=-1)))


def triage_day(model: ClaimTriage, batches, capacity):
    def hour(backlog, claims):
        probs = model.route(model.embed(claims), backlog / capacity)
        backlog = jnp.maximum(backlog + probs.sum(0) - capacity, 0.0)
        return backlog, probs.argmax(-1)

    backlog, queues = jax.lax.scan(hour, jnp.zeros((capacity.shape[0],)), batches)
    return backlog, queues


def main():
    batches = jax.random.normal(jax.random.key(0), (8, 12, 10))
    model = ClaimTriage(10, 4, rngs=nnx.Rngs(0))
    triage_day(model, batches, capacity=jnp.array([4.0, 3.0, 3.0, 2.0]))
    return None
