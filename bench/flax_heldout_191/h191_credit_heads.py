# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 the multi-task scorer's own __call__ runs the scan and sows each batch's head logits into its intermediates collection from the body
"""Credit-risk scorer with one head per task; each batch in a portfolio sweep is routed to its task's head."""
import jax
import jax.numpy as jnp
from flax import linen as nn

lax = jax.lax

TASKS = ("default", "prepayment", "fraud")


class MultiTaskScorer(nn.Module):
    hidden: int = 16

    def setup(self):
        self.trunk = nn.Dense(self.hidden)
        self.heads = [nn.Dense(1, name=f"head_{task}") for task in TASKS]

    def _materialize(self, x):
        h = self.trunk(x)
        for head in self.heads:
            head(h)

    def __call__(self, batches, task_ids):
        if self.is_initializing():
            self._materialize(batches[0])
        branches = [lambda h, head=head: head(h)[:, 0] for head in self.heads]

        def body(exposure, inputs):
            x, task_id = inputs
            h = nn.relu(self.trunk(x))
            logits = lax.switch(task_id, branches, h)
            self.sow("intermediates", "task_logits", logits)
            return exposure + jnp.sum(jax.nn.sigmoid(logits)), None

        exposure, _ = lax.scan(body, jnp.float32(0.0), (batches, task_ids))
        return exposure


def portfolio_report(model, variables, batches, task_ids):
    exposure, state = model.apply(variables, batches, task_ids, mutable=["intermediates"])
    (logits,) = state["intermediates"]["task_logits"]
    return exposure, jnp.max(jnp.abs(logits))


def main():
    batches = jax.random.normal(jax.random.key(3), (5, 8, 10))
    task_ids = jnp.array([0, 2, 1, 0, 2])
    model = MultiTaskScorer()
    variables = model.init(jax.random.key(0), batches, task_ids)
    exposure, peak = portfolio_report(model, variables, batches, task_ids)
    print(float(exposure), float(peak))
    return None
