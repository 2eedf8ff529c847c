# label: trace-context
# flax-error: TraceContextError: Cannot mutate Served from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 RoutingService.drain -> self.pool[self.active] (RouterSession) -> .router whose Served counter (nnx.Variable subclass) is bumped in the lax.while_loop body
"""Contact-centre intent routing service.

The service keeps a pool of router sessions, one per deployment shard. Each router
counts how many utterances it has served in a custom Variable type so the
autoscaler can read it. Draining a queue routes utterances until the queue is empty
or an escalation intent appears.
"""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import while_loop

ESCALATE = 3


class Served(nnx.Variable):
    """Utterances routed by this router since deployment."""


class IntentRouter(nnx.Module):
    def __init__(self, dim, n_intents, rngs: nnx.Rngs):
        self.encoder = nnx.Linear(dim, 16, rngs=rngs)
        self.classifier = nnx.Linear(16, n_intents, rngs=rngs)
        self.served = Served(jnp.zeros((), jnp.int32))

    def __call__(self, utterance):
        self.served[...] = self.served[...] + 1
        return jnp.argmax(self.classifier(nnx.relu(self.encoder(utterance))))


class RouterSession:
    def __init__(self, router, shard):
        self.router = router
        self.shard = shard


class RoutingService:
    def __init__(self, sessions):
        self.pool = {s.shard: s for s in sessions}
        self.active = "eu-1"

    def drain(self, queue):
        n = queue.shape[0]

        def cond(state):
            i, intent = state
            return (i < n) & (intent != ESCALATE)

        def body(state):
            i, _ = state
            intent = self.pool[self.active].router(queue[i])
            return i + 1, intent

        return while_loop(cond, body, (0, jnp.array(-1)))


def main():
    sessions = [RouterSession(IntentRouter(10, 6, rngs=nnx.Rngs(i)), shard) for i, shard in enumerate(["eu-1", "us-1"])]
    service = RoutingService(sessions)
    queue = jax.random.normal(jax.random.PRNGKey(4), (12, 10))
    handled, last_intent = service.drain(queue)
    jax.block_until_ready(last_intent)
    return None
