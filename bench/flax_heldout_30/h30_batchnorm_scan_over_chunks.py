# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 a BatchNorm submodule in train mode is called through the encode helper inside the raw lax.scan body; apply(mutable=['batch_stats']) returns the stats written in the body
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import scan


class ChunkEncoder(nn.Module):
    features: int = 4

    def setup(self):
        self.dense = nn.Dense(self.features)
        self.norm = nn.BatchNorm(momentum=0.9)

    def encode(self, x, train):
        return nn.relu(self.norm(self.dense(x), use_running_average=not train))

    def __call__(self, chunks, train: bool = False):
        # chunks: [n_chunks, batch, dim]; long sequences are processed chunk by chunk
        def body(acc, chunk):
            y = self.encode(chunk, train)
            return acc + y.mean(0), y

        acc, ys = scan(body, jnp.zeros((self.features,)), chunks)
        return acc / chunks.shape[0], ys


def main():
    model = ChunkEncoder()
    chunks = jax.random.normal(jax.random.key(0), (3, 5, 4))
    variables = model.init(jax.random.key(1), chunks[0], False, method=ChunkEncoder.encode)
    (pooled, _), updates = model.apply(variables, chunks, train=True, mutable=["batch_stats"])
    variables = {**variables, **updates}
    pooled_eval, _ = model.apply(variables, chunks, train=False)
    print(pooled, pooled_eval)
    return None
