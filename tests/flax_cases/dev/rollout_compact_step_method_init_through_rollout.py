# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 init(method=Policy.rollout) first runs the compact `step` method inside the scan body
import flax.linen as nn
import jax
import jax.numpy as jnp


class Policy(nn.Module):
    @nn.compact
    def step(self, obs):
        return nn.Dense(3)(nn.relu(nn.Dense(16)(obs)))

    def rollout(self, obs0, steps):
        def body(obs, _):
            action = self.step(obs)
            return obs + action.sum(-1, keepdims=True), action

        return jax.lax.scan(body, obs0, None, length=steps)


def main():
    obs = jnp.ones((2, 3))
    model = Policy()
    variables = model.init(jax.random.PRNGKey(0), obs, 4, method=Policy.rollout)
    model.apply(variables, obs, 4, method=Policy.rollout)
