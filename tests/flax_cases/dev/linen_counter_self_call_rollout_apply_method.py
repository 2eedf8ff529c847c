# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type int32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 a method run by apply(method="rollout", mutable=["counters"]) scans over `self(obs)`, whose compact `__call__` bumps a counter variable
import jax
import jax.numpy as jnp
import flax.linen as nn

class CountingPolicy(nn.Module):
    @nn.compact
    def __call__(self, obs):
        steps = self.variable("counters", "env_steps", lambda: jnp.zeros((), jnp.int32))
        if not self.is_initializing():
            steps.value += 1
        return nn.Dense(2)(obs)

    def rollout(self, obs0, length):
        def body(obs, _):
            logits = self(obs)
            return jnp.roll(obs, 1) + logits.max(), jnp.argmax(logits)
        return jax.lax.scan(body, obs0, None, length=length)[1]

def run(obs):
    policy = CountingPolicy()
    variables = policy.init(jax.random.key(0), obs)
    return policy.apply(variables, obs, 5, method="rollout", mutable=["counters"])


def main():
    actions, updates = run(jnp.ones((4,)))
    jax.tree.map(lambda a: a + 0, updates)
