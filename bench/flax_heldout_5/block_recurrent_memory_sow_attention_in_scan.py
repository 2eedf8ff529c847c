# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4,3] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 block-recurrent memory transformer peels the first chunk, then scans the rest; the block's __call__ sows its attention weights, read back through mutable=['intermediates']
"""Block-Recurrent-Transformer-like memory: a memory state is updated by cross-attention
over each chunk of a long input. The first chunk is processed outside the loop (so every
submodule is built there); the rest go through jax.lax.scan. The memory block records its
attention probabilities with self.sow for a diagnostics dashboard."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class MemoryBlock(nn.Module):
    dim: int = 16

    @nn.compact
    def __call__(self, memory, chunk):
        q = nn.Dense(self.dim, name="q")(memory)
        k = nn.Dense(self.dim, name="k")(chunk)
        v = nn.Dense(self.dim, name="v")(chunk)
        probs = nn.softmax(q @ jnp.swapaxes(k, -1, -2) / jnp.sqrt(self.dim), axis=-1)
        self.sow("intermediates", "attention_probs", probs)
        return nn.LayerNorm(name="ln")(memory + probs @ v)


class RecurrentMemory(nn.Module):
    num_slots: int = 4
    dim: int = 16

    def setup(self):
        self.in_proj = nn.Dense(self.dim)
        self.block = MemoryBlock(self.dim)
        self.memory_init = self.param("memory_init", nn.initializers.normal(0.02), (self.num_slots, self.dim))

    def __call__(self, chunks):
        # chunks: [num_chunks, chunk_len, features]
        memory = self.block(self.memory_init, self.in_proj(chunks[0]))

        def step(memory, chunk):
            memory = self.block(memory, self.in_proj(chunk))
            return memory, memory.mean(0)

        memory, summaries = jax.lax.scan(step, memory, chunks[1:])
        return memory, summaries


def main():
    model = RecurrentMemory()
    chunks = jax.random.normal(jax.random.PRNGKey(0), (4, 3, 8))
    params = model.init(jax.random.PRNGKey(1), chunks)["params"]
    (memory, summaries), state = model.apply({"params": params}, chunks, mutable=["intermediates"])
    probs = state["intermediates"]["block"]["attention_probs"]
    entropy = [-(p * jnp.log(p + 1e-9)).sum(-1).mean() for p in probs]
    assert len(entropy) == 2
    return None
