# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 checkpointed scan body inside the module sows into 'intermediates'; gateway reads the sown values afterwards
"""Model-serving gateway keeping a pool of warm Linen sessions; each session logs hidden-state norms."""
import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


class StreamingEncoder(nn.Module):
    width: int = 8

    @nn.compact
    def __call__(self, chunks):
        cell = nn.Dense(self.width)
        cell(jnp.zeros((self.width,)))

        @jax.checkpoint
        def chunk_step(h, chunk):
            h = jnp.tanh(cell(h) + chunk)
            self.sow("intermediates", "h_norm", jnp.linalg.norm(h))
            return h, None

        h, _ = lax.scan(chunk_step, jnp.zeros((self.width,)), chunks)
        return h


class WarmSession:
    def __init__(self, model, variables):
        self.model = model
        self.variables = variables

    def __call__(self, chunks):
        return self.model.apply(self.variables, chunks, mutable=["intermediates"])


class Gateway:
    def __init__(self, pool_size=2):
        model = StreamingEncoder()
        variables = model.init(jax.random.PRNGKey(0), jnp.zeros((3, 8)))
        self.pool = [WarmSession(model, variables) for _ in range(pool_size)]
        self.telemetry = []

    def serve(self, request_id, chunks):
        session = self.pool[request_id % len(self.pool)]
        out, state = session(chunks)
        norms = state["intermediates"]["h_norm"]
        self.telemetry.append(jnp.stack(norms).mean())
        return out


def main():
    gw = Gateway()
    gw.serve(0, jnp.ones((6, 8)) * 0.1)
    jnp.stack(gw.telemetry).block_until_ready()
    return None
