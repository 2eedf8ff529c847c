# label: ok
# flax-error: none
# class: 4 gateway -> warm session pool -> NNX model split before the while_loop; its state goes through the carry and is updated after
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

    def infer_pure(self, graphdef, state, x):
        model = nnx.merge(graphdef, state)
        y = model(x)
        return y, nnx.state(model)


class Gateway:
    def __init__(self, n_sessions=2):
        self.pool = [WarmSession(ServedModel(nnx.Rngs(i))) for i in range(n_sessions)]

    def drain_queue(self, session_id, queue):
        session = self.pool[session_id]
        graphdef, state = nnx.split(session.model)

        def cond(carry):
            return carry[0] < queue.shape[0]

        def body(carry):
            i, acc, state = carry
            y, state = session.infer_pure(graphdef, state, queue[i])
            return i + 1, acc + y.sum(), state

        _, total, state = lax.while_loop(cond, body, (0, jnp.zeros(()), state))
        nnx.update(session.model, state)
        return total


def main():
    gw = Gateway()
    gw.drain_queue(1, jnp.ones((4, 6))).block_until_ready()
    return None
