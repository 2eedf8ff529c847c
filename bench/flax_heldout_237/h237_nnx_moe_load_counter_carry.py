# label: ok
# flax-error: none
# class: 4 the router's LoadCounter (model -> blocks[i].moe -> router) travels in the fori_loop carry as the split state and is merged back after the loop
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


class LoadCounter(nnx.Variable):
    pass


class Router(nnx.Module):
    def __init__(self, dim, num_experts, *, rngs):
        self.gate = nnx.Linear(dim, num_experts, use_bias=False, rngs=rngs)
        self.load = LoadCounter(jnp.zeros((num_experts,)))
        self.num_experts = num_experts

    def __call__(self, x):
        probs = jax.nn.softmax(self.gate(x), axis=-1)
        choice = probs.argmax(-1)
        self.load.value = self.load.value + jax.nn.one_hot(choice, self.num_experts).sum(0)
        return probs, choice


class MoE(nnx.Module):
    def __init__(self, dim, num_experts, *, rngs):
        self.router = Router(dim, num_experts, rngs=rngs)
        self.experts = nnx.List([nnx.Linear(dim, dim, rngs=rngs) for _ in range(num_experts)])

    def __call__(self, x):
        probs, choice = self.router(x)
        outs = jnp.stack([e(x) for e in self.experts], axis=1)
        picked = jnp.take_along_axis(outs, choice[:, None, None], axis=1)[:, 0]
        return picked * jnp.take_along_axis(probs, choice[:, None], axis=1)


class Block(nnx.Module):
    def __init__(self, dim, num_experts, *, rngs):
        self.norm = nnx.LayerNorm(dim, rngs=rngs)
        self.moe = MoE(dim, num_experts, rngs=rngs)

    def __call__(self, x):
        return x + self.moe(self.norm(x))


class SparseModel(nnx.Module):
    def __init__(self, dim=6, depth=2, num_experts=4, *, rngs):
        self.blocks = nnx.List([Block(dim, num_experts, rngs=rngs) for _ in range(depth)])

    def __call__(self, x):
        for block in self.blocks:
            x = block(x)
        return x

    @property
    def expert_load(self):
        return jnp.stack([b.moe.router.load.value for b in self.blocks])


def forward_microbatches(model, xs):
    graphdef, state = nnx.split(model)
    outs = jnp.zeros_like(xs)

    def body(i, carry):
        state, outs = carry
        m = nnx.merge(graphdef, state)
        y = m(xs[i])
        return nnx.state(m), outs.at[i].set(y)

    state, outs = lax.fori_loop(0, xs.shape[0], body, (state, outs))
    nnx.update(model, state)
    return outs


def main():
    model = SparseModel(rngs=nnx.Rngs(0))
    xs = jax.random.normal(jax.random.key(1), (3, 5, 6))
    ys = forward_microbatches(model, xs)
    load = model.expert_load
    balance = load.shape[-1] * jnp.sum((load / load.sum(-1, keepdims=True)) ** 2, axis=-1)
    jax.block_until_ready((ys, balance))
    return None
