# label: ok
# flax-error: none
# class: 4 the router splits its ensemble with nnx.split, passes the state into the raw jax.lax.scan as a constant and merges it inside the body before the nnx.jit forward
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
        graphdef, state = nnx.split(self.members)

        def handle(state, x):
            members = nnx.merge(graphdef, state)
            outs = jnp.stack([member_forward(m, x) for m in members])
            return state, outs[self.choose(x)]

        _, answers = jax.lax.scan(handle, state, requests)
        return answers


def main():
    router = Router([Member(i) for i in range(3)])
    router.serve(jax.random.normal(jax.random.key(0), (5, 4)))
    return None
