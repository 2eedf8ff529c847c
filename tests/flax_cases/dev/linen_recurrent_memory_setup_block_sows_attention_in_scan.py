# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3,2] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 a setup MemoryBlock whose `__call__` sows its attention into "intermediates" is called before the scan and in the body; apply with mutable=["intermediates"]
import jax
import jax.numpy as jnp
import flax.linen as nn

class MemoryBlock(nn.Module):
    @nn.compact
    def __call__(self, memory, chunk):
        probs = nn.softmax(nn.Dense(4)(memory) @ nn.Dense(4)(chunk).T, axis=-1)
        self.sow("intermediates", "attention_probs", probs)
        return memory + probs @ chunk

class RecurrentMemory(nn.Module):
    def setup(self):
        self.block = MemoryBlock()

    def __call__(self, memory, chunks):
        memory = self.block(memory, chunks[0])
        def step(memory, chunk):
            memory = self.block(memory, chunk)
            return memory, memory.mean(0)
        return jax.lax.scan(step, memory, chunks[1:])

def run(memory, chunks):
    model = RecurrentMemory()
    params = model.init(jax.random.key(0), memory, chunks)["params"]
    return model.apply({"params": params}, memory, chunks, mutable=["intermediates"])


def main():
    out, state = run(jnp.ones((3, 5)), jnp.ones((4, 2, 5)))
    jax.tree.map(lambda a: a + 0, state)
