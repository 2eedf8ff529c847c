# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[32,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 graph network repeats message passing with lax.scan; node BatchNorm in train mode updates batch_stats in the body
import jax
import jax.numpy as jnp
import flax.linen as nn


class MessagePassing(nn.Module):
    hidden: int = 16
    rounds: int = 3

    @nn.compact
    def __call__(self, nodes, senders, receivers, train: bool):
        h = nn.Dense(self.hidden)(nodes)
        edge_mlp = nn.Dense(self.hidden)
        node_mlp = nn.Dense(self.hidden)
        norm = nn.BatchNorm(use_running_average=not train, momentum=0.9)
        h = norm(node_mlp(jnp.concatenate([h, h], -1)))

        def round_fn(h, _):
            msgs = nn.relu(edge_mlp(jnp.concatenate([h[senders], h[receivers]], -1)))
            agg = jax.ops.segment_sum(msgs, receivers, num_segments=h.shape[0])
            h = h + norm(node_mlp(jnp.concatenate([h, agg], -1)))
            return h, None

        h, _ = jax.lax.scan(round_fn, h, None, length=self.rounds)
        return nn.Dense(1)(h.sum(0))


def main():
    nodes = jax.random.normal(jax.random.PRNGKey(1), (6, 3))
    senders = jnp.array([0, 1, 2, 3, 4, 5])
    receivers = jnp.array([1, 2, 3, 4, 5, 0])
    model = MessagePassing()
    variables = model.init(jax.random.PRNGKey(0), nodes, senders, receivers, train=False)
    out, updates = model.apply(variables, nodes, senders, receivers, train=True, mutable=["batch_stats"])
    variables = {"params": variables["params"], **updates}
    out_eval = model.apply(variables, nodes, senders, receivers, train=False)
    print(out, out_eval)
    return None
