# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4,25] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 closure inside the NNX __call__ refines slots in a raw scan and stashes the attention maps in a plain dict attribute of the module
"""Slot attention (NNX) with iterative refinement; attention maps kept for an entropy regulariser."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class SlotAttention(nnx.Module):
    def __init__(self, d, n_iters=3, *, rngs: nnx.Rngs):
        self.q = nnx.Linear(d, d, use_bias=False, rngs=rngs)
        self.k = nnx.Linear(d, d, use_bias=False, rngs=rngs)
        self.v = nnx.Linear(d, d, use_bias=False, rngs=rngs)
        self.gru = nnx.GRUCell(d, d, rngs=rngs)
        self.norm = nnx.LayerNorm(d, rngs=rngs)
        self.n_iters, self.d = n_iters, d
        self.debug = {}

    def __call__(self, slots, inputs):
        k, v = self.k(inputs), self.v(inputs)

        def refine(slots, _):
            q = self.q(self.norm(slots))
            attn = jax.nn.softmax(q @ k.T / jnp.sqrt(self.d), axis=0)
            self.debug['attn'] = attn
            updates = (attn / attn.sum(-1, keepdims=True)) @ v
            slots, _ = self.gru(slots, updates)
            return slots, None

        slots, _ = jax.lax.scan(refine, slots, None, length=self.n_iters)
        return slots


def attention_entropy(attn):
    return -(attn * jnp.log(attn + 1e-8)).sum(0).mean()


def main():
    model = SlotAttention(16, rngs=nnx.Rngs(0))
    inputs = jax.random.normal(jax.random.PRNGKey(1), (25, 16))
    slots = model(jax.random.normal(jax.random.PRNGKey(2), (4, 16)), inputs)
    reg = attention_entropy(model.debug['attn'])
    print(slots.shape, float(reg))
    return None
