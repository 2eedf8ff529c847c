# label: trace-context
# flax-error: TraceContextError: Cannot mutate RequestCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 gateway -> warm session pool -> NNX model whose RequestCount Variable is incremented in a while_loop body
"""Model-serving gateway (NNX): a pool of warm sessions; each model counts the requests it served."""
import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax


class RequestCount(nnx.Variable):
    pass


class ServedModel(nnx.Module):
    def __init__(self, rngs):
        self.body = nnx.Linear(6, 6, rngs=rngs)
        self.served = RequestCount(jnp.array(0, jnp.int32))

    def __call__(self, x):
        self.served.value += 1
        return jnp.tanh(self.body(x))


class WarmSession:
    def __init__(self, model):
        self.model = model

    def infer(self, x):
        return self.model(x)


class Gateway:
    def __init__(self, n_sessions=2):
        self.pool = [WarmSession(ServedModel(nnx.Rngs(i))) for i in range(n_sessions)]

    def drain_queue(self, session_id, queue):
        session = self.pool[session_id]

        def cond(carry):
            i, _ = carry
            return i < queue.shape[0]

        def body(carry):
            i, acc = carry
            return i + 1, acc + session.infer(queue[i]).sum()

        return lax.while_loop(cond, body, (0, jnp.zeros(())))[1]


def main():
    gw = Gateway()
    gw.drain_queue(1, jnp.ones((4, 6))).block_until_ready()
    return None
