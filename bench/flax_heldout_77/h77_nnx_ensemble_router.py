# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 the router's ensemble members are passed to an nnx.jit-compiled forward from inside a raw jax.lax.scan body over requests
"""Multi-model ensemble (NNX) behind a router that picks a member per request."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class Member(nnx.Module):
    def __init__(self, seed):
        rngs = nnx.Rngs(seed)
        self.a = nnx.Linear(4, 8, rngs=rngs)
        self.b = nnx.Linear(8, 2, rngs=rngs)

    def __call__(self, x):
        return self.b(nnx.tanh(self.a(x)))


@nnx.jit
def member_forward(member, x):
    return member(x)


class Router:
    def __init__(self, members):
        self.members = nnx.List(members)

    def choose(self, x):
        return jnp.argmax(jnp.abs(x[: len(self.members)]))

    def serve(self, requests):
        def handle(count, x):
            outs = jnp.stack([member_forward(m, x) for m in self.members])
            return count + 1, outs[self.choose(x)]

        _, answers = jax.lax.scan(handle, 0, requests)
        return answers


def main():
    router = Router([Member(i) for i in range(3)])
    router.serve(jax.random.normal(jax.random.key(0), (5, 4)))
    return None
