# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16,32] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 best, a dict local to finetune(), receives the merged enhancer's nnx.state from inside the while_loop body and is used after the loop
"""Speech enhancement with NNX: fine-tuning a small spectral-mask enhancer on one noisy
utterance until the loss drops below a tolerance, with a jax.lax.while_loop. The model is split
and merged correctly through the carry, but the "best" state is remembered in a local dict
written from inside the body, and the model is restored from it after the loop.

Modelled on "UnexpectedTracerError when restoring the best checkpoint after a while_loop"."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax

N_FREQ = 16
N_FRAMES = 10


class MaskNet(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(N_FREQ, 32, rngs=rngs)
        self.l2 = nnx.Linear(32, N_FREQ, rngs=rngs)

    def __call__(self, noisy):
        return nnx.sigmoid(self.l2(nnx.relu(self.l1(jnp.log1p(noisy))))) * noisy


def finetune(model, noisy, clean, lr=0.05, tol=0.1, max_steps=30):
    graphdef, state = nnx.split(model, nnx.Param)
    best = {"loss": jnp.inf, "state": state}

    def loss_fn(params):
        return jnp.mean((nnx.merge(graphdef, params)(noisy) - clean) ** 2)

    def cond(carry):
        i, params, loss = carry
        return (i < max_steps) & (loss > tol)

    def body(carry):
        i, params, _ = carry
        loss, grads = jax.value_and_grad(loss_fn)(params)
        better = loss < best["loss"]
        current = nnx.state(nnx.merge(graphdef, params))
        best["state"] = jax.tree.map(lambda new, old: jnp.where(better, new, old), current, best["state"])
        best["loss"] = jnp.minimum(loss, best["loss"])
        params = jax.tree.map(lambda p, g: p - lr * g, params, grads)
        return i + 1, params, loss

    lax.while_loop(cond, body, (0, state, jnp.inf))
    nnx.update(model, best["state"])
    return model


def main():
    clean = jnp.abs(jax.random.normal(jax.random.key(0), (N_FRAMES, N_FREQ)))
    noisy = clean + 0.3 * jnp.abs(jax.random.normal(jax.random.key(1), (N_FRAMES, N_FREQ)))
    model = finetune(MaskNet(nnx.Rngs(2)), noisy, clean)
    print("enhanced error", float(jnp.mean((model(noisy) - clean) ** 2)))
