# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 the MoE router stores its load-balancing loss in a plain dict attribute (self.aux) on every call; the recurrent model's raw jax.lax.scan body calls it and the training loss reads the dict after the loop
"""Recurrent model with a mixture-of-experts feed-forward per step (Switch-style load balancing)."""
import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx

D, N_EXPERTS = 8, 4


class MoE(nnx.Module):
    def __init__(self, *, rngs: nnx.Rngs):
        self.router = nnx.Linear(D, N_EXPERTS, rngs=rngs)
        self.w = nnx.Param(jax.random.normal(rngs.params(), (N_EXPERTS, D, D)) * 0.1)
        self.aux = {}

    def __call__(self, x):
        probs = jax.nn.softmax(self.router(x), axis=-1)  # [batch, experts]
        top1 = jnp.argmax(probs, axis=-1)
        y = jnp.einsum("bd,bde->be", x, self.w[...][top1]) * probs.max(-1, keepdims=True)
        frac = jnp.mean(jax.nn.one_hot(top1, N_EXPERTS), axis=0)
        self.aux["load_balance"] = N_EXPERTS * jnp.sum(frac * probs.mean(0))
        return y


class MoERNN(nnx.Module):
    def __init__(self, *, rngs: nnx.Rngs):
        self.inp = nnx.Linear(D, D, rngs=rngs)
        self.moe = MoE(rngs=rngs)
        self.head = nnx.Linear(D, 1, rngs=rngs)

    def __call__(self, xs):
        def body(h, x):
            h = jnp.tanh(self.inp(x) + h)
            h = h + self.moe(h)
            return h, self.head(h)[..., 0]

        _, ys = jax.lax.scan(body, jnp.zeros(xs.shape[1:]), xs)
        return ys


def loss_fn(model, xs, targets):
    preds = model(xs)
    return optax.l2_loss(preds, targets).mean() + 0.01 * model.moe.aux["load_balance"]


def main():
    model = MoERNN(rngs=nnx.Rngs(0))
    xs = jax.random.normal(jax.random.key(1), (6, 3, D))
    targets = jnp.zeros((6, 3))
    print(loss_fn(model, xs, targets))
